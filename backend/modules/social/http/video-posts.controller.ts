import { Controller, Delete, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { parseBody, RateLimit, ZodBody } from '@platform/http';
import type { VideoDraftDoc } from '@projections/video';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

import { DomainError } from '../../../src/platform/decider/decider';
import { CurrentSession, IdentityService, requestMeta, resolveSession, SignedIn, SignedInGuard } from '../../identity';
import { DRAFT_MESSAGES } from '../domain/video-draft.decider';
import { SOCIAL_BUDGETS } from '../limits';
import { parseCursor, parseLimit } from '../paging';
import { FeedQueries } from '../queries/feed.queries';
import { VideosQueries } from '../queries/videos.queries';
import { VideoPostsService } from '../video-posts.service';
import { videoDraftSchema, videoPostFormSchema } from './video.schemas';
import { readVideoForm } from './video-form';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Spec part 2 §3 Video draft, as the composer keeps it locally (plus where the server has it). */
const draftView = (d: VideoDraftDoc) => ({
  id: d.id,
  caption: d.caption,
  videoFile: d.videoFile,
  metadata: d.metadata,
  allowComments: d.allowComments,
  mediaId: d.mediaId,
  createdAt: d.createdAt,
  savedAt: d.savedAt,
});

/** The video composer, its drafts and the video feed (spec part 2 §2, §3, §7). */
@Controller()
export class VideoPostsController {
  constructor(
    private readonly videoPosts: VideoPostsService,
    private readonly videos: VideosQueries,
    private readonly feed: FeedQueries,
    private readonly identity: IdentityService,
  ) {}

  /**
   * Multipart: content, media (one MP4) or mediaId (a clip finalized through /api/uploads with purpose
   * video-post), allowComments, optional videoDuration/Width/Height/Size/Format.
   */
  @RateLimit(SOCIAL_BUDGETS.posts)
  @Post('api/posts/video')
  @HttpCode(201)
  @UseGuards(SignedInGuard)
  async create(@CurrentSession() session: SignedIn, @Req() request: FastifyRequest) {
    const form = await readVideoForm(request);
    try {
      const body = parseBody(videoPostFormSchema, form.fields);
      const declared = {
        duration: body.videoDuration,
        width: body.videoWidth,
        height: body.videoHeight,
        size: body.videoSize,
        format: body.videoFormat,
      };
      const postId = await this.videoPosts.create(
        session.user,
        { content: body.content, allowComments: body.allowComments, declared, communityId: body.communityId },
        form.video ?? (body.mediaId ? { mediaId: body.mediaId } : null),
        requestMeta(request, session.user.id),
      );
      // Shows with its poster once prepared; videoUrl plays once the transcode is done (media_processed push).
      return { ...(await this.feed.detail(postId, session.user.id)), allowComments: body.allowComments };
    } finally {
      await form.dispose();
    }
  }

  @Post('api/posts/video/drafts')
  @HttpCode(201)
  @UseGuards(SignedInGuard)
  async saveDraft(
    @CurrentSession() session: SignedIn,
    @ZodBody(videoDraftSchema) body: z.output<typeof videoDraftSchema>,
    @Req() request: FastifyRequest,
  ) {
    const draftId = await this.videoPosts.saveDraft(session.user.id, body, requestMeta(request, session.user.id));
    const draft = await this.videos.draft(session.user.id, draftId);
    if (!draft) throw new DomainError('DRAFT_NOT_FOUND', DRAFT_MESSAGES.notFound, 404);
    return draftView(draft);
  }

  @Get('api/posts/video/drafts')
  @UseGuards(SignedInGuard)
  async drafts(@CurrentSession() session: SignedIn) {
    return (await this.videos.drafts(session.user.id)).map(draftView);
  }

  @Delete('api/posts/video/drafts/:draftId')
  @UseGuards(SignedInGuard)
  async deleteDraft(
    @CurrentSession() session: SignedIn,
    @Param('draftId') draftId: string,
    @Req() request: FastifyRequest,
  ) {
    if (!UUID.test(draftId)) throw new DomainError('DRAFT_NOT_FOUND', DRAFT_MESSAGES.notFound, 404);
    await this.videoPosts.deleteDraft(session.user.id, draftId.toLowerCase(), requestMeta(request, session.user.id));
    return { success: true };
  }

  /** Posts with a ready video, newest first; `cursor` is the last post id the client has. */
  @Get('api/videos')
  async list(@Query('limit') limit: unknown, @Query('cursor') cursor: unknown, @Req() request: FastifyRequest) {
    const viewer = await resolveSession(this.identity, request);
    return this.videos.feed({
      viewerId: viewer?.user.id ?? null,
      limit: parseLimit(limit),
      cursor: parseCursor(cursor),
    });
  }
}
