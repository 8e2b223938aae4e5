import type { AppealStatusFilter } from '@contract';
import { CurrentSession, requestMeta, type SignedIn } from '@modules/identity';
import { Controller, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { DomainError } from '@platform/decider';
import { ZodBody } from '@platform/http';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

import { ModeratorsGuard } from '../auth/moderators.guard';
import { MODERATION_MESSAGES as M } from '../limits';
import { ModerationService } from '../moderation.service';
import { AppealsQueries } from '../queries/appeals.queries';
import { idParam, oneQueryValue } from './params';
import { actionSchema } from './schemas';

const QUEUES: readonly AppealStatusFilter[] = ['pending', 'decided'];
const POST_NOT_FOUND = { code: 'POST_NOT_FOUND', message: 'Post not found' };

/**
 * Post authors' appeals of a hiding: the queue, and keeping a post hidden after reading its appeal.
 * Granting one is the restore (`POST /api/admin/posts/:id/restore`), which ends the hiding.
 */
@Controller('api/admin')
@UseGuards(ModeratorsGuard)
export class AppealsController {
  constructor(
    private readonly moderation: ModerationService,
    private readonly queries: AppealsQueries,
  ) {}

  @Get('appeals')
  list(@Query('status') status: unknown, @Query('cursor') cursor: unknown) {
    const wanted = oneQueryValue(status) ?? 'pending';
    if (!(QUEUES as readonly string[]).includes(wanted))
      throw new DomainError('VALIDATION_FAILED', M.badAppealStatus, 400);
    return this.queries.queue(wanted as AppealStatusFilter, oneQueryValue(cursor));
  }

  /** The post stays hidden; its author is told why, and may not appeal this hiding again. */
  @Post('posts/:id/reject-appeal')
  @HttpCode(200)
  reject(
    @Param('id') id: string,
    @ZodBody(actionSchema) body: z.output<typeof actionSchema>,
    @CurrentSession() session: SignedIn,
    @Req() request: FastifyRequest,
  ) {
    return this.moderation.act(
      session.user,
      { targetType: 'post', targetId: idParam(id, POST_NOT_FOUND), action: 'reject_appeal', reason: body.reason },
      requestMeta(request, session.user.id),
    );
  }
}
