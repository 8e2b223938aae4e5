import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { DomainError } from '@platform/decider';

import { ModeratorsGuard } from '../auth/moderators.guard';
import { MODERATION_MESSAGES as M } from '../limits';
import { AuditQueries } from '../queries/audit.queries';
import { idParam, oneQueryValue, streamIdParam } from './params';

/** The audit history: find a stream, read its events, replay its state as of any event. */
@Controller('api/admin/audit')
@UseGuards(ModeratorsGuard)
export class AuditController {
  constructor(private readonly audit: AuditQueries) {}

  @Get('streams')
  find(@Query('q') q: unknown) {
    const query = oneQueryValue(q);
    if (!query) throw new DomainError('VALIDATION_FAILED', M.queryRequired, 400);
    return this.audit.findStreams(query);
  }

  @Get('streams/:streamId/events')
  events(@Param('streamId') streamId: string, @Query('cursor') cursor: unknown) {
    return this.audit.events(streamIdParam(streamId), oneQueryValue(cursor));
  }

  @Get('streams/:streamId/state')
  state(@Param('streamId') streamId: string, @Query('at') at: unknown) {
    if (at !== undefined && typeof at !== 'string') throw new DomainError('VALIDATION_FAILED', M.badVersion, 400);
    return this.audit.state(streamIdParam(streamId), at);
  }

  @Get('members/:userId/streams')
  member(@Param('userId') userId: string) {
    return this.audit.memberActivity(idParam(userId, { code: 'USER_NOT_FOUND', message: M.userNotFound }));
  }
}
