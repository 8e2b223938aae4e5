import { Controller, Delete, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { parseBody, RateLimit } from '@platform/http';
import type { FastifyRequest } from 'fastify';

import {
  CurrentSession,
  IdentityService,
  isStaff,
  requestMeta,
  resolveSession,
  SignedIn,
  SignedInGuard,
} from '../../identity';
import { CommentsService } from '../comments.service';
import { SOCIAL_BUDGETS } from '../limits';
import { parseCursor, parseLimit } from '../paging';
import { commentIdParam, postIdParam } from './params';
import { readForm } from './read-form';
import { commentFormSchema } from './schemas';

/** GET|POST /api/posts/{id}/comments (multipart or JSON), and deleting a comment. */
@Controller('api/posts/:id/comments')
export class CommentsController {
  constructor(
    private readonly comments: CommentsService,
    private readonly identity: IdentityService,
  ) {}

  @Get()
  async list(
    @Param('id') id: string,
    @Query('limit') limit: unknown,
    @Query('cursor') cursor: unknown,
    @Req() request: FastifyRequest,
  ) {
    const viewer = await resolveSession(this.identity, request);
    // A hidden post's comments are read where the post is: by its author and the moderators.
    const reader = viewer ? { id: viewer.user.id, staff: isStaff(viewer.user.role) } : null;
    return this.comments.list(postIdParam(id), reader, parseLimit(limit, 50), parseCursor(cursor));
  }

  @RateLimit(SOCIAL_BUDGETS.comments)
  @Post()
  @HttpCode(201)
  @UseGuards(SignedInGuard)
  async add(@Param('id') id: string, @CurrentSession() session: SignedIn, @Req() request: FastifyRequest) {
    const postId = postIdParam(id);
    const form = await readForm(request);
    const body = parseBody(commentFormSchema(form.files.length > 0), form.fields);
    return this.comments.add(session.user, postId, body.content, requestMeta(request, session.user.id), form.files);
  }

  @Delete(':commentId')
  @UseGuards(SignedInGuard)
  async remove(
    @Param('id') id: string,
    @Param('commentId') commentId: string,
    @CurrentSession() session: SignedIn,
    @Req() request: FastifyRequest,
  ) {
    await this.comments.delete(
      session.user.id,
      postIdParam(id),
      commentIdParam(commentId),
      requestMeta(request, session.user.id),
    );
    return { success: true };
  }
}
