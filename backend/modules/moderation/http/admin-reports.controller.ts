import type { ReportStatus, ReportStatusFilter } from '@contract';
import { CurrentSession, requestMeta, type SignedIn } from '@modules/identity';
import { Controller, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { DomainError } from '@platform/decider';
import { ZodBody } from '@platform/http';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

import { ModeratorsGuard } from '../auth/moderators.guard';
import type { ModerationAction, ReportTargetType } from '../events';
import { MODERATION_LIMITS, MODERATION_MESSAGES as M } from '../limits';
import { ModerationService } from '../moderation.service';
import { ReportsQueries } from '../queries/reports.queries';
import { idParam, oneQueryValue, targetTypeParam } from './params';
import { actionSchema, suspendSchema } from './schemas';

type Action = z.output<typeof actionSchema>;
const NOT_FOUND = { code: 'NOT_FOUND', message: 'Not found' };
/** `closed` is what a moderator calls the reports that were acted on. */
const STATUS: Record<ReportStatusFilter, ReportStatus> = { open: 'open', closed: 'resolved', resolved: 'resolved' };

/**
 * Reasons are free text (the report dialog asks why, in the member's own words), so there is no list
 * of known reasons to refuse others by: the filter is one such text, matched case-insensitively, and
 * only blanks or more than a reason can hold are a 400.
 */
function reasonFilter(value: unknown): string | null {
  if (value === undefined || value === '') return null;
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text || text.length > MODERATION_LIMITS.reasonMax)
    throw new DomainError('VALIDATION_FAILED', M.badReasonFilter, 400);
  return text;
}

/** The report queue and moderators' actions (issue 19); each action is an event with who and why. */
@Controller('api/admin')
@UseGuards(ModeratorsGuard)
export class AdminReportsController {
  constructor(
    private readonly moderation: ModerationService,
    private readonly queries: ReportsQueries,
  ) {}

  @Get('reports')
  list(@Query('status') status: unknown, @Query('reason') reason: unknown, @Query('cursor') cursor: unknown) {
    const wanted = oneQueryValue(status) ?? 'open';
    if (!Object.hasOwn(STATUS, wanted)) throw new DomainError('VALIDATION_FAILED', M.badStatus, 400);
    return this.queries.queue(
      { status: STATUS[wanted as ReportStatusFilter], reason: reasonFilter(reason) },
      oneQueryValue(cursor),
    );
  }

  @Post('posts/:id/hide')
  @HttpCode(200)
  hide(
    @Param('id') id: string,
    @ZodBody(actionSchema) b: Action,
    @CurrentSession() s: SignedIn,
    @Req() r: FastifyRequest,
  ) {
    return this.act('post', id, 'hide', b, s, r);
  }

  @Post('posts/:id/restore')
  @HttpCode(200)
  restore(
    @Param('id') id: string,
    @ZodBody(actionSchema) b: Action,
    @CurrentSession() s: SignedIn,
    @Req() r: FastifyRequest,
  ) {
    return this.act('post', id, 'restore', b, s, r);
  }

  @Post('comments/:id/delete')
  @HttpCode(200)
  deleteComment(
    @Param('id') id: string,
    @ZodBody(actionSchema) b: Action,
    @CurrentSession() s: SignedIn,
    @Req() r: FastifyRequest,
  ) {
    return this.act('comment', id, 'delete', b, s, r);
  }

  @Post('users/:id/warn')
  @HttpCode(200)
  warn(
    @Param('id') id: string,
    @ZodBody(actionSchema) b: Action,
    @CurrentSession() s: SignedIn,
    @Req() r: FastifyRequest,
  ) {
    return this.act('user', id, 'warn', b, s, r);
  }

  @Post('users/:id/suspend')
  @HttpCode(200)
  suspend(
    @Param('id') id: string,
    @ZodBody(suspendSchema) b: z.output<typeof suspendSchema>,
    @CurrentSession() s: SignedIn,
    @Req() r: FastifyRequest,
  ) {
    return this.act('user', id, 'suspend', b, s, r);
  }

  @Post('users/:id/unsuspend')
  @HttpCode(200)
  unsuspend(
    @Param('id') id: string,
    @ZodBody(actionSchema) b: Action,
    @CurrentSession() s: SignedIn,
    @Req() r: FastifyRequest,
  ) {
    return this.act('user', id, 'unsuspend', b, s, r);
  }

  @Post('reports/:targetType/:targetId/dismiss')
  @HttpCode(200)
  dismiss(
    @Param('targetType') targetType: string,
    @Param('targetId') targetId: string,
    @ZodBody(actionSchema) b: Action,
    @CurrentSession() s: SignedIn,
    @Req() r: FastifyRequest,
  ) {
    return this.act(targetTypeParam(targetType), targetId, 'dismiss', b, s, r);
  }

  private act(
    targetType: ReportTargetType,
    id: string,
    action: ModerationAction,
    body: { reason: string; until?: string },
    session: SignedIn,
    request: FastifyRequest,
  ) {
    return this.moderation.act(
      session.user,
      { targetType, targetId: idParam(id, NOT_FOUND), action, reason: body.reason, until: body.until ?? null },
      requestMeta(request, session.user.id),
    );
  }
}
