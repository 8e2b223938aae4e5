import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { DomainError } from '@platform/decider';

import { ModeratorsGuard } from '../auth/moderators.guard';
import { HistoryQueries } from '../history/history.queries';
import { MODERATION_MESSAGES as M } from '../limits';
import { AuditQueries } from '../queries/audit.queries';
import { idParam, oneQueryValue, streamIdParam } from './params';

/** A query value given at most once, as text ('' counts as absent); a repeated key is a 400 with `message`. */
function optionalValue(value: unknown, message: string): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string') throw new DomainError('VALIDATION_FAILED', message, 400);
  return value === '' ? null : value;
}

/** The audit history: find a stream, read its events, see it as members saw it at any version. */
@Controller('api/admin/audit')
@UseGuards(ModeratorsGuard)
export class AuditController {
  constructor(
    private readonly audit: AuditQueries,
    private readonly history: HistoryQueries,
  ) {}

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
  state(@Param('streamId') streamId: string, @Query('at') at: unknown, @Query('time') time: unknown) {
    return this.history.state(streamIdParam(streamId), {
      at: optionalValue(at, M.badVersion),
      time: optionalValue(time, M.badTime),
    });
  }

  @Get('streams/:streamId/diff')
  diff(@Param('streamId') streamId: string, @Query('from') from: unknown, @Query('to') to: unknown) {
    return this.history.diff(streamIdParam(streamId), {
      from: optionalValue(from, M.badDiffVersions),
      to: optionalValue(to, M.badDiffVersions),
    });
  }

  @Get('members/:userId/streams')
  member(@Param('userId') userId: string) {
    return this.audit.memberActivity(idParam(userId, { code: 'USER_NOT_FOUND', message: M.userNotFound }));
  }
}
