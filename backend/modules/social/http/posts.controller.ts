import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, UseGuards } from '@nestjs/common';
import { parseBody, RateLimit, ZodBody } from '@platform/http';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

import { DomainError } from '../../../src/platform/decider/decider';
import {
  CurrentSession,
  IdentityService,
  isStaff,
  requestMeta,
  resolveSession,
  SignedIn,
  SignedInGuard,
} from '../../identity';
import { MESSAGES, SOCIAL_BUDGETS } from '../limits';
import { parseCursor, parseLimit } from '../paging';
import { PostsService } from '../posts.service';
import { FeedQueries } from '../queries/feed.queries';
import { postIdParam } from './params';
import { readForm } from './read-form';
import { appealSchema, editPostSchema, postFormSchema, reportSchema, voteSchema } from './schemas';

/** Posts: create, read, the feed, edit, delete, pin, poll votes and reports (spec part 1 §7). */
@Controller()
export class PostsController {
  constructor(
    private readonly posts: PostsService,
    private readonly feed: FeedQueries,
    private readonly identity: IdentityService,
  ) {}

  @RateLimit(SOCIAL_BUDGETS.posts)
  @Post('api/posts')
  @HttpCode(201)
  @UseGuards(SignedInGuard)
  async create(@CurrentSession() session: SignedIn, @Req() request: FastifyRequest) {
    const form = await readForm(request);
    const body = parseBody(postFormSchema(form.files.length > 0), form.fields);
    const { postId, limited, asCreated } = await this.posts.create(
      session.user,
      body,
      requestMeta(request, session.user.id),
      form.files,
    );
    const post = await this.feed.detail(postId, session.user.id, { asCreated });
    // The client counts a message about verifying as the limited-success case (spec §8).
    return limited
      ? {
          ...post,
          limited: true,
          message: `${MESSAGES.limited}: verify your email to add media, polls and quotes and to appear in the feed.`,
        }
      : post;
  }

  @Get('api/posts')
  async list(@Query('limit') limit: unknown, @Query('cursor') cursor: unknown, @Req() request: FastifyRequest) {
    const viewer = await resolveSession(this.identity, request);
    return this.feed.feed({ viewerId: viewer?.user.id ?? null, limit: parseLimit(limit), cursor: parseCursor(cursor) });
  }

  @Get('api/feed')
  @UseGuards(SignedInGuard)
  async home(
    @CurrentSession() session: SignedIn,
    @Query('limit') limit: unknown,
    @Query('cursor') cursor: unknown,
    @Query('filter') filter: unknown,
  ) {
    const page = { viewerId: session.user.id, limit: parseLimit(limit), cursor: parseCursor(cursor) };
    if (filter === undefined || filter === '' || filter === 'all') return this.feed.feed(page);
    if (filter === 'following') return this.feed.following(page);
    throw new DomainError('VALIDATION_FAILED', 'filter must be all or following', 400);
  }

  @Get('api/posts/:id')
  async detail(@Param('id') id: string, @Req() request: FastifyRequest) {
    const viewer = await resolveSession(this.identity, request);
    // A hidden post: its author and the app's moderators read it, with why it is hidden.
    return this.feed.detail(postIdParam(id), viewer?.user.id ?? null, { staff: !!viewer && isStaff(viewer.user.role) });
  }

  @Patch('api/posts/:id/edit')
  @UseGuards(SignedInGuard)
  async edit(
    @Param('id') id: string,
    @ZodBody(editPostSchema) body: z.output<typeof editPostSchema>,
    @CurrentSession() session: SignedIn,
    @Req() request: FastifyRequest,
  ) {
    const postId = postIdParam(id);
    await this.posts.edit(session.user.id, postId, body.content, requestMeta(request, session.user.id));
    return this.feed.detail(postId, session.user.id);
  }

  @Delete('api/posts/:id')
  @UseGuards(SignedInGuard)
  async remove(@Param('id') id: string, @CurrentSession() session: SignedIn, @Req() request: FastifyRequest) {
    await this.posts.delete(session.user, postIdParam(id), requestMeta(request, session.user.id));
    return { success: true };
  }

  @Post('api/posts/:id/pin')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async pin(@Param('id') id: string, @CurrentSession() session: SignedIn, @Req() request: FastifyRequest) {
    const isPinned = await this.posts.togglePin(
      session.user.id,
      postIdParam(id),
      requestMeta(request, session.user.id),
    );
    return { success: true, isPinned };
  }

  @RateLimit(SOCIAL_BUDGETS.reactions)
  @Post('api/posts/:id/poll/vote')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async vote(
    @Param('id') id: string,
    @ZodBody(voteSchema) body: z.output<typeof voteSchema>,
    @CurrentSession() session: SignedIn,
    @Req() request: FastifyRequest,
  ) {
    const postId = postIdParam(id);
    await this.posts.vote(session.user.id, postId, body.option, requestMeta(request, session.user.id));
    return this.feed.detail(postId, session.user.id);
  }

  @RateLimit(SOCIAL_BUDGETS.reports)
  @Post('api/posts/:id/report')
  @HttpCode(201)
  @UseGuards(SignedInGuard)
  async report(
    @Param('id') id: string,
    @ZodBody(reportSchema) body: z.output<typeof reportSchema>,
    @CurrentSession() session: SignedIn,
    @Req() request: FastifyRequest,
  ) {
    const reportId = await this.posts.report(
      session.user.id,
      postIdParam(id),
      body.reason,
      requestMeta(request, session.user.id),
    );
    return { success: true, reportId, message: 'Thank you. Our moderators will review this post.' };
  }

  /** The author asks the moderators to look again at their hidden post; answers it with the appeal. */
  @RateLimit(SOCIAL_BUDGETS.reports)
  @Post('api/posts/:id/appeal')
  @HttpCode(201)
  @UseGuards(SignedInGuard)
  async appeal(
    @Param('id') id: string,
    @ZodBody(appealSchema) body: z.output<typeof appealSchema>,
    @CurrentSession() session: SignedIn,
    @Req() request: FastifyRequest,
  ) {
    const postId = postIdParam(id);
    await this.posts.appeal(session.user.id, postId, body.text, requestMeta(request, session.user.id));
    return { success: true, message: MESSAGES.appealSent, post: await this.feed.detail(postId, session.user.id) };
  }
}
