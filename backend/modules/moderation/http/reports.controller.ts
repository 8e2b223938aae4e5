import { CurrentSession, requestMeta, type SignedIn, SignedInGuard } from '@modules/identity';
import { SOCIAL_BUDGETS } from '@modules/social';
import { Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { RateLimit, ZodBody } from '@platform/http';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

import type { ReportTargetType } from '../events';
import { MODERATION_MESSAGES as M } from '../limits';
import { ReportsService } from '../reports.service';
import { idParam } from './params';
import { reportSchema } from './schemas';

const NOT_FOUND: Record<Exclude<ReportTargetType, 'post'>, { code: string; message: string }> = {
  comment: { code: 'COMMENT_NOT_FOUND', message: M.commentNotFound },
  user: { code: 'USER_NOT_FOUND', message: M.userNotFound },
  message: { code: 'MESSAGE_NOT_FOUND', message: M.messageNotFound },
};

/** Members report comments, members and messages, with a reason (a post's report: posts.controller). */
@RateLimit(SOCIAL_BUDGETS.reports)
@Controller()
@UseGuards(SignedInGuard)
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Post('api/comments/:id/report')
  @HttpCode(201)
  comment(
    @Param('id') id: string,
    @ZodBody(reportSchema) body: Body,
    @CurrentSession() s: SignedIn,
    @Req() r: FastifyRequest,
  ) {
    return this.file('comment', id, body, s, r);
  }

  @Post('api/users/:id/report')
  @HttpCode(201)
  user(
    @Param('id') id: string,
    @ZodBody(reportSchema) body: Body,
    @CurrentSession() s: SignedIn,
    @Req() r: FastifyRequest,
  ) {
    return this.file('user', id, body, s, r);
  }

  @Post('api/messages/:id/report')
  @HttpCode(201)
  message(
    @Param('id') id: string,
    @ZodBody(reportSchema) body: Body,
    @CurrentSession() s: SignedIn,
    @Req() r: FastifyRequest,
  ) {
    return this.file('message', id, body, s, r);
  }

  private async file(
    targetType: Exclude<ReportTargetType, 'post'>,
    id: string,
    body: Body,
    session: SignedIn,
    request: FastifyRequest,
  ) {
    const targetId = idParam(id, NOT_FOUND[targetType]);
    const reportId = await this.reports.report(
      session.user.id,
      targetType,
      targetId,
      body.reason,
      requestMeta(request, session.user.id),
    );
    return { success: true, reportId, message: 'Thank you. Our moderators will review this report.' };
  }
}

type Body = z.output<typeof reportSchema>;
