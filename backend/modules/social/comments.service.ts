import { AuthorsQuery } from '@modules/profiles';
import { RelationshipsQuery } from '@modules/relationships';
import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '@platform/read-models';
import type { UserDoc } from '@projections/identity';
import { type CommentDoc, COMMENTS, isGone, openedBy, type PostDoc, POSTS } from '@projections/social';

import { CommandExecutor } from '../../src/platform/decider/command-executor';
import { DomainError, fold } from '../../src/platform/decider/decider';
import type { CommandMetadata } from '../../src/platform/decider/handle-command';
import type { StreamDecision } from '../../src/platform/decider/multi-stream';
import type { EventStore } from '../../src/platform/event-store/event-store.port';
import { newId } from '../../src/platform/ids';
import { encodeCursor } from '../../src/platform/read-store';
import { EVENT_STORE, READ_MODELS } from '../../src/platform/tokens';
import { MediaQueries } from '../media';
import { Attachments } from './attachments';
import { CommentGate } from './comment-gate';
import { CommunityGate, inPrivateCommunity } from './community-gate';
import { commentDecider } from './domain/comment.decider';
import { loadState } from './domain/load-stream';
import { postDecider } from './domain/post.decider';
import { parseHashtags, parseMentions } from './domain/text-entities';
import { type CommentEvent, commentStream, type MediaRef, postStream } from './events';
import type { AttachedFile } from './http/read-form';
import { MESSAGES } from './limits';
import { mediaFields } from './media-fields';
import { fillPage } from './paging';
import { authorOf } from './post-view';
import { PostsService, SOCIAL } from './posts.service';

/** Comments on posts: add, delete, list (and a member's replies for their profile tab). */
@Injectable()
export class CommentsService {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    private readonly commands: CommandExecutor,
    private readonly posts: PostsService,
    private readonly authors: AuthorsQuery,
    private readonly relationships: RelationshipsQuery,
    private readonly attachments: Attachments,
    private readonly media: MediaQueries,
    private readonly commentGate: CommentGate,
    private readonly communities: CommunityGate,
  ) {}

  /**
   * Unverified members comment with text only (their files are dropped), like their posts.
   * `createdAt` is now, except for seed data written as if over the past weeks.
   */
  async add(
    author: UserDoc,
    postId: string,
    content: string,
    meta: CommandMetadata,
    attached: AttachedFile[] = [],
    createdAt: Date = new Date(),
  ) {
    const post = await this.posts.post(postId);
    if (await this.relationships.blockedEitherWay(author.id, post.userId!))
      throw new DomainError('POST_NOT_FOUND', MESSAGES.postNotFound, 404);
    await this.communities.assertMayComment(post.community, author.id);
    await this.commentGate.assertOpen(postId);
    const limited = !author.isEmailVerified;
    const files = limited ? [] : attached;
    const text = content.trim();
    if (!text && files.length === 0) throw new DomainError('EMPTY_COMMENT', MESSAGES.emptyComment, 400);
    await this.attachments.check(files);
    const commentId = newId();
    const media = await this.attachments.store(author.id, files, meta);
    const comment = {
      commentId,
      postId,
      userId: author.id,
      content: text,
      hashtags: parseHashtags(text),
      mentions: parseMentions(text),
      media,
      limited,
      createdAt: createdAt.toISOString(),
    };
    await this.commands.execute(commentStream(commentId), commentDecider, { type: 'AddComment', comment }, meta, {
      readsNext: SOCIAL,
      newStream: true,
    });
    const [view] = await this.views([
      {
        id: commentId,
        postId,
        userId: author.id,
        content: text,
        media,
        status: limited ? 'limited' : 'public',
        createdAt: comment.createdAt,
        editedAt: null,
      },
    ]);
    return comment.limited ? { ...view, limited: true, message: 'Comment posted with limited features' } : view;
  }

  async delete(actorId: string, postId: string, commentId: string, meta: CommandMetadata) {
    const comment = await loadState(this.eventStore, commentStream(commentId), commentDecider);
    if (comment.postId !== postId) throw new DomainError('COMMENT_NOT_FOUND', MESSAGES.commentNotFound, 404);
    const post = await loadState(this.eventStore, postStream(postId), postDecider);
    await this.commands.execute(
      commentStream(commentId),
      commentDecider,
      { type: 'DeleteComment', actorId, postOwnerId: post.userId, now: new Date().toISOString() },
      meta,
      {
        readsNext: SOCIAL,
      },
    );
  }

  /** A moderator's deletion, decided but not appended (the moderation module appends it with its record). */
  async decideModeration(
    moderator: UserDoc,
    commentId: string,
    reason: string,
  ): Promise<StreamDecision & { authorId: string }> {
    const streamId = commentStream(commentId);
    const history = await this.eventStore.readStream(streamId);
    const state = fold(
      commentDecider,
      history.map((e) => ({ type: e.type, data: e.data }) as CommentEvent),
    );
    const events = commentDecider.decide(state, {
      type: 'ModerateComment',
      actorId: moderator.id,
      actorRole: moderator.role,
      reason,
      now: new Date().toISOString(),
    });
    return { streamId, events, expectedVersion: history.at(-1)?.streamVersion ?? 'no_stream', authorId: state.userId! };
  }

  /** Oldest first, as a conversation reads; limited comments only for their author. */
  async list(postId: string, viewer: { id: string; staff: boolean } | null, limit: number, cursor: string | null) {
    const viewerId = viewer?.id ?? null;
    const post = await this.readModels.collection<PostDoc>(POSTS).get(postId);
    if (!post || !openedBy(post, viewerId, viewer?.staff ?? false))
      throw new DomainError('POST_NOT_FOUND', MESSAGES.postNotFound, 404);
    if (viewerId && (await this.relationships.blockedEitherWay(viewerId, post.userId)))
      throw new DomainError('POST_NOT_FOUND', MESSAGES.postNotFound, 404);
    await this.communities.assertDocReadable(post, viewerId);
    const hidden = await this.relationships.hiddenAuthors(viewerId);
    const docs = await fillPage(
      this.readModels.collection<CommentDoc>(COMMENTS),
      {
        where: { postId },
        sort: { field: 'id', direction: 'asc' },
        after: cursor ? encodeCursor({ value: cursor, id: cursor }) : null,
      },
      limit,
      (items) =>
        items.filter(
          (c) =>
            !hidden.has(c.userId) &&
            (c.status === 'public' || c.status === 'members' || (c.status === 'limited' && c.userId === viewerId)),
        ),
    );
    return this.views(docs);
  }

  /** A member's comments, newest first, each with the post it answers (spec §7: originalPost {userId, content}). */
  async replies(userId: string, limit: number, cursor: string | null) {
    const posts = this.readModels.collection<PostDoc>(POSTS);
    const originals = new Map<string, PostDoc>();
    const docs = await fillPage(
      this.readModels.collection<CommentDoc>(COMMENTS),
      {
        where: { userId, status: { $in: ['public', 'limited'] } },
        sort: { field: 'id', direction: 'desc' },
        after: cursor ? encodeCursor({ value: cursor, id: cursor }) : null,
      },
      limit,
      // A reply in a private circle stays there (an unverified member's is 'limited', not 'members',
      // and so may be the post it answers): neither it nor that post is listed on a profile.
      async (items) => {
        for (const p of await posts.getMany([...new Set(items.map((d) => d.postId))])) originals.set(p.id, p);
        return items.filter((c) => {
          const original = originals.get(c.postId);
          return !c.privateCommunity && !(original && inPrivateCommunity(original));
        });
      },
    );
    const views = await this.views(docs);
    return views.map((v) => {
      const p = originals.get(v.postId);
      const originalPost =
        p && !isGone(p.status)
          ? { id: p.id, userId: p.userId, content: p.content }
          : { id: v.postId, userId: null, content: 'This post was deleted' };
      return { ...v, originalPost };
    });
  }

  /**
   * One author lookup and one media lookup per page. imageUrl and videoUrl are the spec's fields;
   * imageUrls, audioUrl, videoThumbnailUrl, videoStatus and documents carry the rest of the files.
   */
  private async views(docs: CommentDoc[]) {
    const refs = (d: CommentDoc): MediaRef[] => d.media ?? [];
    const [authors, media] = await Promise.all([
      this.authors.byIds(docs.map((d) => d.userId)),
      this.media.views(docs.flatMap((d) => refs(d).map((m) => m.id))),
    ]);
    const byId = new Map(media.map((m) => [m.id, m]));
    return docs.map((d) => {
      const files = mediaFields(refs(d), byId);
      return {
        id: d.id,
        postId: d.postId,
        userId: d.userId,
        user: authorOf(authors, d.userId),
        content: d.content,
        imageUrl: files.imageUrls[0] ?? null,
        imageUrls: files.imageUrls,
        videoUrl: files.videoUrl,
        videoThumbnailUrl: files.videoThumbnailUrl,
        videoStatus: files.videoStatus,
        audioUrl: files.audioUrl,
        documents: files.documents,
        createdAt: d.createdAt,
        editedAt: d.editedAt,
      };
    });
  }
}
