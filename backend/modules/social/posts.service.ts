import { RelationshipsQuery } from '@modules/relationships';
import { Inject, Injectable } from '@nestjs/common';
import type { UserDoc } from '@projections/identity';
import { type PostDoc, postDocOf } from '@projections/social';

import { CommandExecutor } from '../../src/platform/decider/command-executor';
import { DomainError, fold } from '../../src/platform/decider/decider';
import type { CommandMetadata } from '../../src/platform/decider/handle-command';
import type { StreamDecision } from '../../src/platform/decider/multi-stream';
import type { EventStore } from '../../src/platform/event-store/event-store.port';
import { newId } from '../../src/platform/ids';
import { EVENT_STORE } from '../../src/platform/tokens';
import { Attachments } from './attachments';
import { CommunityGate, type PostedIn } from './community-gate';
import { pinDecider } from './domain/pin.decider';
import { isVisible, postDecider, postNotFound, type PostState } from './domain/post.decider';
import { reactionDecider } from './domain/reaction.decider';
import { reportDecider } from './domain/report.decider';
import { parseHashtags, parseMentions } from './domain/text-entities';
import { voteDecider } from './domain/vote.decider';
import {
  pinStream,
  type PostCreatedData,
  type PostEvent,
  postStream,
  type PostType,
  type ReactionKind,
  reactionStream,
  reportStream,
  voteStream,
} from './events';
import type { AttachedFile } from './http/read-form';
import { MESSAGES } from './limits';

const MODERATION_COMMAND = { hide: 'HidePost', restore: 'RestorePost', reject_appeal: 'RejectAppeal' } as const;

/** Reads that follow these commands come from the social read models. */
export const SOCIAL = ['social'] as const;

export interface CreatePostInput {
  content: string;
  pollOptions?: string[] | undefined;
  quotedPostId?: string | undefined;
  imageCaptions?: string[] | undefined;
  /** Posted in a community the author is a member of (issue 41). */
  communityId?: string | undefined;
}

/** Post commands: create, edit, delete, pin, poll votes, reactions and reports. */
@Injectable()
export class PostsService {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly commands: CommandExecutor,
    private readonly relationships: RelationshipsQuery,
    private readonly attachments: Attachments,
    private readonly communities: CommunityGate,
  ) {}

  /**
   * Files go to the media module only once every check passed; an unverified author's files are
   * dropped with the rest of the limited features (text only).
   * Returns the new post id and whether it was accepted with limited features (unverified email).
   * `createdAt` is for the demo seed only, so its posts spread over past weeks; HTTP never passes it. */
  async create(
    author: UserDoc,
    input: CreatePostInput,
    meta: CommandMetadata,
    attached: AttachedFile[] = [],
    createdAt: Date = new Date(),
  ): Promise<{ postId: string; limited: boolean; asCreated: PostDoc }> {
    const limited = !author.isEmailVerified;
    const files = limited ? [] : attached;
    const content = input.content.trim();
    const pollOptions = limited ? [] : (input.pollOptions ?? []).map((o) => o.trim()).filter(Boolean);
    const poll = pollOptions.length >= 2 ? { question: content, options: pollOptions } : null;
    const quotedPostId = limited ? null : (input.quotedPostId ?? null);
    if (!content && !poll && files.length === 0) throw new DomainError('EMPTY_POST', MESSAGES.emptyPost, 400);
    await this.attachments.check(files);
    const community = input.communityId ? await this.communities.postingIn(input.communityId, author.id) : null;
    if (quotedPostId) await this.assertCanQuote(author.id, quotedPostId, community);
    const type: PostType = poll ? 'poll' : quotedPostId ? 'quote' : files.length ? 'media' : 'text';
    const postId = newId();
    const media = await this.attachments.store(author.id, files, meta);
    const post: PostCreatedData = {
      postId,
      userId: author.id,
      type,
      content,
      hashtags: parseHashtags(content),
      mentions: parseMentions(content),
      poll,
      quotedPostId,
      imageCaptions: limited ? [] : (input.imageCaptions ?? []),
      media,
      limited,
      ...(community ? { community } : {}),
      createdAt: createdAt.toISOString(),
    };
    await this.commands.execute(postStream(postId), postDecider, { type: 'CreatePost', post }, meta, {
      readsNext: SOCIAL,
      newStream: true,
    });
    return { postId, limited, asCreated: postDocOf(post) };
  }

  async edit(actorId: string, postId: string, content: string, meta: CommandMetadata): Promise<void> {
    await this.commands.execute(
      postStream(postId),
      postDecider,
      { type: 'EditPost', actorId, content, now: new Date().toISOString() },
      meta,
      { readsNext: SOCIAL },
    );
  }

  async delete(actor: UserDoc, postId: string, meta: CommandMetadata): Promise<void> {
    await this.commands.execute(
      postStream(postId),
      postDecider,
      { type: 'DeletePost', actorId: actor.id, actorRole: actor.role, now: new Date().toISOString() },
      meta,
      {
        readsNext: SOCIAL,
      },
    );
  }

  /** Returns whether the post is pinned afterwards. */
  async togglePin(actorId: string, postId: string, meta: CommandMetadata): Promise<boolean> {
    const post = await this.post(postId);
    const r = await this.commands.execute(
      pinStream(actorId),
      pinDecider,
      { type: 'TogglePin', actorId, post, at: new Date().toISOString() },
      meta,
      { readsNext: SOCIAL },
    );
    return r.state.pinned === postId;
  }

  /** `at`: when the vote was cast (now, except for seed data written as if over the past weeks). */
  async vote(userId: string, postId: string, option: number, meta: CommandMetadata, at: Date = new Date()) {
    const post = await this.visiblePost(userId, postId);
    await this.commands.execute(
      voteStream(postId, userId),
      voteDecider,
      { type: 'Vote', userId, option, post, at: at.toISOString() },
      meta,
      { readsNext: SOCIAL },
    );
  }

  async react(
    kind: ReactionKind,
    userId: string,
    postId: string,
    active: boolean,
    meta: CommandMetadata,
    /** When it happened: now, except for seed data written as if over the past weeks. */
    at: Date = new Date(),
  ): Promise<void> {
    // Taking a like back needs no live post: a member can always undo what they did.
    if (active) await this.visiblePost(userId, postId);
    await this.commands.execute(
      reactionStream(kind, postId, userId),
      reactionDecider(kind),
      { type: 'SetReaction', active, data: { postId, userId, at: at.toISOString() } },
      meta,
      { readsNext: SOCIAL },
    );
  }

  async report(reporterId: string, postId: string, reason: string, meta: CommandMetadata): Promise<string> {
    // The version the reporter saw, so moderators can open the post as it was (it may be edited later).
    const { version } = await this.visiblePostAt(reporterId, postId);
    const reportId = newId();
    const history = { streamId: postStream(postId), version };
    const report = { reportId, postId, reporterId, reason, at: new Date().toISOString(), history };
    await this.commands.execute(reportStream(reportId), reportDecider, { type: 'FileReport', report }, meta, {
      waitFor: SOCIAL,
      newStream: true,
    });
    return reportId;
  }

  /**
   * The author appeals the hiding of their post (the post decider's rules: once per hiding, the
   * author only); answers once every read model shows it (the author's banner, the appeal queue).
   */
  async appeal(actorId: string, postId: string, text: string, meta: CommandMetadata): Promise<void> {
    await this.commands.execute(
      postStream(postId),
      postDecider,
      { type: 'AppealPost', actorId, text, now: new Date().toISOString() },
      meta,
    );
  }

  /** The post's state from its stream; 404 when missing, deleted or hidden by a moderator. */
  async post(postId: string): Promise<PostState> {
    return (await this.postAt(postId)).state;
  }

  private async postAt(postId: string): Promise<{ state: PostState; version: number }> {
    const history = await this.eventStore.readStream(postStream(postId));
    const state = fold(
      postDecider,
      history.map((e) => ({ type: e.type, data: e.data }) as PostEvent),
    );
    if (!isVisible(state)) throw postNotFound();
    return { state, version: history.at(-1)!.streamVersion };
  }

  /**
   * A moderator's hide, restore (which also grants a waiting appeal) or refusal of an appeal, decided
   * but not appended: the moderation module appends it with its own record of the action in one
   * transaction.
   */
  async decideModeration(
    moderator: UserDoc,
    postId: string,
    action: 'hide' | 'restore' | 'reject_appeal',
    reason: string,
    /** The moderation record's time, so the post's event and the record tell the same one. */
    now: string = new Date().toISOString(),
  ): Promise<StreamDecision & { authorId: string }> {
    const streamId = postStream(postId);
    const history = await this.eventStore.readStream(streamId);
    const state = fold(
      postDecider,
      history.map((e) => ({ type: e.type, data: e.data }) as PostEvent),
    );
    const events = postDecider.decide(state, {
      type: MODERATION_COMMAND[action],
      actorId: moderator.id,
      actorRole: moderator.role,
      reason,
      now,
    });
    return { streamId, events, expectedVersion: history.at(-1)?.streamVersion ?? 'no_stream', authorId: state.userId! };
  }

  private async visiblePost(viewerId: string, postId: string): Promise<PostState> {
    return (await this.visiblePostAt(viewerId, postId)).state;
  }

  private async visiblePostAt(viewerId: string, postId: string) {
    const post = await this.postAt(postId);
    if (await this.relationships.blockedEitherWay(viewerId, post.state.userId!)) throw postNotFound();
    await this.communities.assertReadable(post.state.community, viewerId);
    return post;
  }

  /** A private community's post is quoted only inside that community, where its readers are. */
  private async assertCanQuote(viewerId: string, postId: string, postingIn: PostedIn | null) {
    try {
      const quoted = await this.visiblePost(viewerId, postId);
      if (quoted.community?.private && quoted.community.id !== postingIn?.id) throw postNotFound();
    } catch (err) {
      if (err instanceof DomainError && err.status === 404)
        throw new DomainError('QUOTED_POST_NOT_FOUND', 'The quoted post does not exist', 400);
      throw err;
    }
  }
}
