import type { CommunityForm } from '@contract';
import { Inject, Injectable } from '@nestjs/common';
import { CommandExecutor } from '@platform/decider/command-executor';
import { DomainError } from '@platform/decider/decider';
import { type CommandMetadata, commandTime } from '@platform/decider/handle-command';
import { loadStream } from '@platform/decider/load-stream';
import { WrongExpectedVersionError } from '@platform/event-store/errors';
import type { EventStore } from '@platform/event-store/event-store.port';
import { newId } from '@platform/ids';
import { EVENT_STORE } from '@platform/tokens';
import type { UserDoc } from '@projections/identity';

import { IdentityService } from '../identity';
import { MediaQueries } from '../media';
import { postDecider, postStream } from '../social';
import { type CommunityCommand, communityDecider, type CommunityState } from './domain/community.decider';
import { slugFor } from './domain/slug';
import { type CommunityProfile, communitySlugStream, communityStream } from './events';
import { COMMUNITY_MESSAGES as M } from './limits';

/** The communities read model; a member's next read (the community's page, its lists) comes from it. */
export const COMMUNITIES_READ = ['communities'] as const;

/** A command as the caller gives it: who acts and when are added here. */
export type CommunityAction = DistributiveOmit<Exclude<CommunityCommand, { type: 'Create' }>, 'actorId' | 'now'>;
type DistributiveOmit<T, K extends keyof never> = T extends unknown ? Omit<T, K> : never;

/** Slugs whose community is kept in memory: every feed read starts from one. */
const SLUG_CACHE = 10_000;

const notFound = () => new DomainError('COMMUNITY_NOT_FOUND', M.notFound, 404);

/** Community commands: one stream per community, its slug reserved beside it. */
@Injectable()
export class CommunitiesService {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly commands: CommandExecutor,
    private readonly identity: IdentityService,
    private readonly media: MediaQueries,
  ) {}

  private readonly ids = new Map<string, string>();

  /**
   * An avatar or banner is an image the member uploaded themself, open to anyone (not a lesson's or
   * a message's): nobody shows another member's upload, or a private one, on a community's page.
   */
  async checkImages(actorId: string, images: { avatarMediaId?: string | null; bannerMediaId?: string | null }) {
    for (const id of [images.avatarMediaId, images.bannerMediaId]) {
      if (!id) continue;
      const doc = await this.media.get(id);
      if (!doc || doc.ownerId !== actorId || doc.kind !== 'image' || doc.status === 'failed' || doc.audience?.length)
        throw new DomainError('VALIDATION_FAILED', 'Image not found', 400);
    }
  }

  async create(owner: UserDoc, form: CommunityForm, meta: CommandMetadata): Promise<string> {
    if (!owner.isEmailVerified) throw new DomainError('EMAIL_NOT_VERIFIED', M.verifyFirst, 403);
    await this.checkImages(owner.id, form);
    const slug = form.slug ?? slugFor(form.name);
    if (await this.idOf(slug).catch(() => null)) throw new DomainError('SLUG_TAKEN', M.slugTaken, 409);
    const communityId = newId();
    const profile: CommunityProfile = {
      name: form.name,
      description: form.description,
      rules: form.rules,
      category: form.category,
      city: form.city,
      avatarMediaId: form.avatarMediaId ?? null,
      bannerMediaId: form.bannerMediaId ?? null,
    };
    const now = commandTime(meta);
    const events = communityDecider.decide(communityDecider.initialState(), {
      type: 'Create',
      communityId,
      slug,
      privacy: form.privacy,
      profile,
      actorId: owner.id,
      now,
    });
    try {
      await this.commands.executeMany(
        [
          {
            streamId: communitySlugStream(slug),
            events: [{ type: 'CommunitySlugReserved', data: { communityId } }],
            expectedVersion: 'no_stream',
          },
          { streamId: communityStream(communityId), events, expectedVersion: 'no_stream' },
        ],
        { ...meta, actor: owner.id },
        { readsNext: COMMUNITIES_READ },
      );
    } catch (err) {
      if (err instanceof WrongExpectedVersionError && err.streamId.startsWith('communityslug-'))
        throw new DomainError('SLUG_TAKEN', M.slugTaken, 409);
      throw err;
    }
    return communityId;
  }

  /** The community's id behind a slug, from its reservation (never from a read model that may lag). */
  async idOf(slug: string): Promise<string> {
    const key = slug.toLowerCase();
    const known = this.ids.get(key);
    if (known) return known;
    const events = await this.eventStore.readStream(communitySlugStream(key));
    const first = events[0]?.data as { communityId?: string } | undefined;
    if (!first?.communityId) throw notFound();
    // A slug is never released, so what it names can be kept; the oldest goes first past the bound.
    if (this.ids.size >= SLUG_CACHE) this.ids.delete(this.ids.keys().next().value!);
    this.ids.set(key, first.communityId);
    return first.communityId;
  }

  async state(communityId: string): Promise<CommunityState> {
    return (await loadStream(this.eventStore, communityStream(communityId), communityDecider)).state;
  }

  /** Any command but Create, on the community behind `slug`. */
  async act(slug: string, actorId: string, action: CommunityAction, meta: CommandMetadata): Promise<CommunityState> {
    const communityId = await this.idOf(slug);
    const command = { ...action, actorId, now: commandTime(meta) } as CommunityCommand;
    const { state } = await this.commands.execute(
      communityStream(communityId),
      communityDecider,
      command,
      { ...meta, actor: actorId },
      { readsNext: COMMUNITIES_READ },
    );
    return state;
  }

  /** A member named by username, for an invitation. */
  async memberNamed(username: string): Promise<string> {
    const userId = username.includes('@') ? null : await this.identity.findUserId(username.replace(/^@/, ''));
    if (!userId) throw new DomainError('USER_NOT_FOUND', 'User not found', 404);
    return userId;
  }

  /** Pin or unpin: only a live post of this community. */
  async pin(slug: string, actorId: string, postId: string, pinned: boolean, meta: CommandMetadata) {
    await this.assertLivePostOf(slug, postId);
    return this.act(slug, actorId, { type: pinned ? 'Pin' : 'Unpin', postId }, meta);
  }

  /** Keep a reported post: only a live post of this community (another community's reports are not theirs). */
  async dismissReports(slug: string, actorId: string, postId: string, meta: CommandMetadata) {
    await this.assertLivePostOf(slug, postId);
    return this.act(slug, actorId, { type: 'DismissReports', postId }, meta);
  }

  private async assertLivePostOf(slug: string, postId: string) {
    const communityId = await this.idOf(slug);
    const { state: post } = await loadStream(this.eventStore, postStream(postId), postDecider);
    if (post.community?.id !== communityId || post.hidden || post.deleted)
      throw new DomainError('POST_NOT_FOUND', M.postNotInCommunity, 404);
  }

  /**
   * A community moderator removes a post: the community records it and the post is hidden, in one
   * append (the community decides the authority, the post that it is this community's).
   */
  async removePost(slug: string, actorId: string, postId: string, reason: string, meta: CommandMetadata) {
    const communityId = await this.idOf(slug);
    const [{ state: post, version: postVersion }, { state, version: communityVersion }] = await Promise.all([
      loadStream(this.eventStore, postStream(postId), postDecider),
      loadStream(this.eventStore, communityStream(communityId), communityDecider),
    ]);
    if (!post.exists || post.deleted || post.community?.id !== communityId)
      throw new DomainError('POST_NOT_FOUND', M.postNotInCommunity, 404);
    const now = commandTime(meta);
    const removed = communityDecider.decide(state, {
      type: 'RemovePost',
      postId,
      authorId: post.userId!,
      reason,
      actorId,
      now,
    });
    const hidden = postDecider.decide(post, { type: 'RemoveFromCommunity', actorId, communityId, reason, now });
    if (removed.length === 0 && hidden.length === 0) return;
    await this.commands.executeMany(
      [
        { streamId: communityStream(communityId), events: removed, expectedVersion: communityVersion },
        { streamId: postStream(postId), events: hidden, expectedVersion: postVersion },
      ].filter((d) => d.events.length > 0),
      { ...meta, actor: actorId },
      { waitFor: [...COMMUNITIES_READ, 'social'] },
    );
  }
}
