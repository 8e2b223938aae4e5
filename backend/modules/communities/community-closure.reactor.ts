import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@platform/decider/decider';
import { handleCommand } from '@platform/decider/handle-command';
import { loadStream } from '@platform/decider/load-stream';
import type { EventStore, RecordedEvent } from '@platform/event-store/event-store.port';
import type { Logger } from '@platform/logging';
import { HostedLogReactor } from '@platform/reactors/hosted-log-reactor';
import type { ProjectionProgress, ReadModels } from '@platform/read-models';
import { findAll } from '@platform/read-store/core/find-all';
import type { ReadStore } from '@platform/read-store/read-store.port';
import { EVENT_STORE, LOGGER, PROJECTION_PROGRESS, READ_MODELS, READ_STORE } from '@platform/tokens';
import { COMMUNITIES_PROJECTOR, COMMUNITY_POSTS, type CommunityPostDoc } from '@projections/communities';

import { type PostCreatedData, postDecider, postStream } from '../social';
import { communityDecider } from './domain/community.decider';
import { type CommunityEvent, communityStream } from './events';

export const COMMUNITY_CLOSURE = 'community-closure';

type Deleted = Extract<CommunityEvent, { type: 'CommunityDeleted' }>['data'];

/** How long a deletion waits for the communities read model to list its posts before it is retried. */
const LIST_WAIT_MS = 30_000;

/**
 * A deleted community's posts go with it: each gets PostDeleted (by whoever deleted the community),
 * so every read model that follows posts (feeds, profiles' counts, search, notifications, videos)
 * lets it go as it does any deleted post. Its posts are those the communities read model lists once
 * it has passed the deletion, and any posted in it later in the log (a post accepted while the
 * deletion was on its way). At least once: a post already deleted is passed over.
 */
export class CommunityClosure {
  readonly handles = ['CommunityDeleted', 'PostCreated'] as const;

  constructor(
    private readonly eventStore: EventStore,
    private readonly readModels: ReadModels,
    private readonly progress: ProjectionProgress,
    private readonly logger: Logger,
  ) {}

  /** Every deletion; of posts, those made in a community. */
  concerns(event: RecordedEvent): boolean {
    return event.type !== 'PostCreated' || !!(event.data as PostCreatedData).community;
  }

  async handle(event: RecordedEvent): Promise<void> {
    if (event.type === 'PostCreated') return this.posted(event as RecordedEvent<PostCreatedData>);
    const d = event.data as Deleted;
    if (!(await this.progress.waitFor(event.checkpoint, [COMMUNITIES_PROJECTOR], LIST_WAIT_MS)))
      throw new Error(`community ${d.communityId}: its posts are not listed yet`);
    const posts = await findAll(this.readModels.collection<CommunityPostDoc>(COMMUNITY_POSTS), {
      where: { communityId: d.communityId },
    });
    for (const post of posts) await this.deletePost(post.id, d.communityId, d.by, d.at, event);
    this.logger.info({ communityId: d.communityId, posts: posts.length }, 'community closed');
  }

  private async posted(event: RecordedEvent<PostCreatedData>) {
    const community = event.data.community;
    if (!community) return;
    const { state } = await loadStream(this.eventStore, communityStream(community.id), communityDecider);
    if (state.deleted)
      await this.deletePost(event.data.postId, community.id, state.deleted.by, state.deleted.at, event);
  }

  private async deletePost(postId: string, communityId: string, by: string, at: string, cause: RecordedEvent) {
    const meta = { actor: null, causationId: cause.id, correlationId: cause.metadata.correlationId };
    try {
      await handleCommand(
        this.eventStore,
        postStream(postId),
        postDecider,
        { type: 'DeleteWithCommunity', communityId, actorId: by, now: at },
        meta,
      );
    } catch (err) {
      // Deleted already (by its author, or by an earlier run of this very event).
      if (!(err instanceof DomainError && err.code === 'POST_NOT_FOUND')) throw err;
    }
  }
}

/** Runs CommunityClosure over the log (one process at a time holds its lease). */
@Injectable()
export class CommunityClosureReactor extends HostedLogReactor {
  constructor(
    @Inject(EVENT_STORE) eventStore: EventStore,
    @Inject(READ_STORE) readStore: ReadStore,
    @Inject(READ_MODELS) readModels: ReadModels,
    @Inject(PROJECTION_PROGRESS) progress: ProjectionProgress,
    @Inject(LOGGER) logger: Logger,
  ) {
    const log = logger.child({ component: COMMUNITY_CLOSURE });
    super(COMMUNITY_CLOSURE, new CommunityClosure(eventStore, readModels, progress, log), {
      eventStore,
      readStore,
      logger: log,
    });
  }
}
