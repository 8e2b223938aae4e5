import { IdentityModule } from '@modules/identity';
import { SocialModule } from '@modules/social';
import { Module } from '@nestjs/common';

import { AdminsGuard, ModeratorsGuard } from './auth/moderators.guard';
import { HistoryQueries } from './history/history.queries';
import { AdminReportsController } from './http/admin-reports.controller';
import { AppealsController } from './http/appeals.controller';
import { AuditController } from './http/audit.controller';
import { ProjectionsController } from './http/projections.controller';
import { ReportsController } from './http/reports.controller';
import { ModerationService } from './moderation.service';
import { AppealsQueries } from './queries/appeals.queries';
import { AuditQueries } from './queries/audit.queries';
import { ReportsQueries } from './queries/reports.queries';
import { ReportsService } from './reports.service';

/** Reports, appeals, moderators' actions, the audit history and the projections console (issue 19). */
@Module({
  imports: [IdentityModule, SocialModule],
  controllers: [ReportsController, AdminReportsController, AppealsController, AuditController, ProjectionsController],
  providers: [
    ModeratorsGuard,
    AdminsGuard,
    ReportsService,
    ModerationService,
    ReportsQueries,
    AppealsQueries,
    AuditQueries,
    HistoryQueries,
  ],
})
export class ModerationModule {}
