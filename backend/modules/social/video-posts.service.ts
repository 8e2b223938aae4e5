import { MediaIngestService, MediaQueries } from '@modules/media';
import { Inject, Injectable } from '@nestjs/common';
import { CommandExecutor } from '@platform/decider/command-executor';
import { DomainError } from '@platform/decider/decider';
import type { CommandMetadata } from '@platform/decider/handle-command';
import type { EventStore } from '@platform/event-store/event-store.port';
import { newId } from '@platform/ids';
import { EVENT_STORE } from '@platform/tokens';
import type { UserDoc } from '@projections/identity';

import { CommunityGate } from './community-gate';
import { loadState } from './domain/load-stream';
import { postDecider } from './domain/post.decider';
import { parseHashtags, parseMentions } from './domain/text-entities';
import { videoDraftDecider } from './domain/video-draft.decider';
import { commentsAllowed, videoPostDecider } from './domain/video-post.decider';
import {
  type DeclaredVideo,
  type PostCreatedData,
  postStream,
  type VideoDraftSavedData,
  videoDraftStream,
  videoPostStream,
} from './events';
import { VIDEO_POST_MESSAGES } from './limits';
import { SOCIAL } from './posts.service';

export interface VideoPostInput {
  content: string;
  allowComments: boolean;
  declared: DeclaredVideo;
  /** Posted in a community the author is a member of (issue 41). */
  communityId?: string | undefined;
}

export type DraftInput = Omit<VideoDraftSavedData, 'draftId' | 'userId' | 'savedAt' | 'createdAt'> & {
  id?: string | undefined;
};

/** Reads that follow video commands: the post, the video feed index and the drafts. */
const VIDEO_READS = [...SOCIAL, 'video-feed'] as const;

/**
 * The video composer (spec part 2 §2): a post with one MP4 clip (100 MB, 90 s, checked before it is
 * stored), comments allowed or not, and the member's drafts kept on the server.
 */
@Injectable()
export class VideoPostsService {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly commands: CommandExecutor,
    private readonly ingest: MediaIngestService,
    private readonly media: MediaQueries,
    private readonly communities: CommunityGate,
  ) {}

  /**
   * The clip goes through the media module first (413/415/422 leave nothing behind); then the video
   * settings, then the post, so comments are never open on a post meant to refuse them.
   */
  async create(
    author: UserDoc,
    input: VideoPostInput,
    video: { path: string; filename: string } | { mediaId: string } | null,
    meta: CommandMetadata,
    /** When it was posted: now, except for seed data written as if over the past weeks. */
    postedAt: Date = new Date(),
  ): Promise<string> {
    if (!video) throw new DomainError('VIDEO_REQUIRED', VIDEO_POST_MESSAGES.videoRequired, 400);
    // Unverified members post text only (part 1 §8); a video post is nothing without its video.
    if (!author.isEmailVerified) throw new DomainError('EMAIL_NOT_VERIFIED', VIDEO_POST_MESSAGES.verifyFirst, 403);
    // Before the clip is stored: a community the author may not post in leaves nothing behind.
    const community = input.communityId ? await this.communities.postingIn(input.communityId, author.id) : null;
    const media =
      'mediaId' in video
        ? await this.uploadedVideo(author.id, video.mediaId)
        : await this.ingest.ingest(
            { ownerId: author.id, source: { path: video.path }, purpose: 'video-post', filename: video.filename },
            meta,
          );
    const postId = newId();
    const now = postedAt.toISOString();
    await this.commands.execute(
      videoPostStream(postId),
      videoPostDecider,
      {
        type: 'SubmitVideoPost',
        post: {
          postId,
          userId: author.id,
          mediaId: media.id,
          allowComments: input.allowComments,
          declared: input.declared,
          at: now,
        },
      },
      meta,
      { waitFor: 'none', newStream: true },
    );
    const content = input.content.trim();
    const post: PostCreatedData = {
      postId,
      userId: author.id,
      type: 'media',
      content,
      hashtags: parseHashtags(content),
      mentions: parseMentions(content),
      poll: null,
      quotedPostId: null,
      imageCaptions: [],
      media: [{ id: media.id, kind: 'video' }],
      limited: false,
      ...(community ? { community } : {}),
      createdAt: now,
    };
    await this.commands.execute(postStream(postId), postDecider, { type: 'CreatePost', post }, meta, {
      waitFor: VIDEO_READS,
      newStream: true,
    });
    return postId;
  }

  /**
   * A clip the member sent through the chunked upload API (purpose video-post): finalize already ran
   * the composer's checks on it, so only ownership, kind and purpose are checked here.
   */
  private async uploadedVideo(userId: string, mediaId: string): Promise<{ id: string }> {
    const item = await this.media.get(mediaId);
    if (!item || item.ownerId !== userId || item.kind !== 'video' || item.purpose !== 'video-post')
      throw new DomainError('VIDEO_NOT_FOUND', VIDEO_POST_MESSAGES.uploadNotFound, 400);
    if (item.status === 'failed')
      throw new DomainError('VIDEO_FAILED', item.error?.message ?? VIDEO_POST_MESSAGES.uploadNotFound, 422);
    return { id: item.id };
  }

  /** Whether the post takes new comments (command side: read from the log, never a read model). */
  async commentsAllowed(postId: string): Promise<boolean> {
    return commentsAllowed(await loadState(this.eventStore, videoPostStream(postId), videoPostDecider));
  }

  async saveDraft(userId: string, input: DraftInput, meta: CommandMetadata): Promise<string> {
    if (input.mediaId) {
      const item = await this.media.get(input.mediaId);
      if (!item || item.ownerId !== userId || item.kind !== 'video')
        throw new DomainError('DRAFT_VIDEO_NOT_FOUND', VIDEO_POST_MESSAGES.videoNotFound, 400);
    }
    const draftId = input.id ?? newId();
    const { id: _id, ...rest } = input;
    await this.commands.execute(
      videoDraftStream(draftId),
      videoDraftDecider,
      { type: 'SaveDraft', actorId: userId, draft: { ...rest, draftId, userId, savedAt: new Date().toISOString() } },
      meta,
    );
    return draftId;
  }

  async deleteDraft(userId: string, draftId: string, meta: CommandMetadata): Promise<void> {
    await this.commands.execute(
      videoDraftStream(draftId),
      videoDraftDecider,
      { type: 'DeleteDraft', actorId: userId, now: new Date().toISOString() },
      meta,
    );
  }
}
