import { Controller, Get, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import { DomainError } from '@platform/decider';
import type { ProjectionsConsole } from '@platform/read-models';
import { PROJECTIONS_CONSOLE } from '@platform/tokens';

import { AdminsGuard, ModeratorsGuard } from '../auth/moderators.guard';
import { MODERATION_MESSAGES as M } from '../limits';

/** The projections console: status and drift for moderators, a zero-downtime rebuild for admins. */
@Controller('api/admin/projections')
@UseGuards(ModeratorsGuard)
export class ProjectionsController {
  constructor(@Inject(PROJECTIONS_CONSOLE) private readonly projections: ProjectionsConsole | null) {}

  @Get()
  status() {
    return this.console().status();
  }

  @Get('verify')
  verify() {
    return this.console().verify();
  }

  @Post(':name/rebuild')
  @HttpCode(202)
  @UseGuards(AdminsGuard)
  async rebuild(@Param('name') name: string) {
    const progress = await this.console().rebuild(name);
    if (!progress) throw new DomainError('PROJECTOR_NOT_FOUND', M.projectorNotFound, 404);
    return progress;
  }

  private console(): ProjectionsConsole {
    if (!this.projections) throw new DomainError('UNAVAILABLE', M.consoleUnavailable, 404);
    return this.projections;
  }
}
