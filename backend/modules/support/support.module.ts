import { IdentityModule } from '@modules/identity';
import { MailModule } from '@modules/mail';
import { PaymentsModule } from '@modules/payments';
import { ProfilesModule } from '@modules/profiles';
import { RealtimeModule } from '@modules/realtime';
import { Module } from '@nestjs/common';

import { DisbursementsService } from './disbursements.service';
import { DonationPayments } from './donation-payments';
import { DonationSettingsService } from './donation-settings.service';
import { DonationsService } from './donations.service';
import { AdminGuard } from './http/admin';
import { AdminSupportController } from './http/admin-support.controller';
import { DonationsController, DonorGuard } from './http/donations.controller';
import { SupportController } from './http/support.controller';
import { NotifyService } from './notify.service';
import { SupportQueries } from './queries/support.queries';
import { RegistryService } from './registry.service';
import { SupportSocketHandlers } from './support.socket-handlers';
import { SupportFacts } from './support-facts';
import { SupportFollowupsReactor } from './support-followups.reactor';

/**
 * Orphan support (spec part 2 §2 Support, issue 17): the orphan registry and auditors, the paused
 * flag and its notify-me list, donations over the payments module's providers, and the public ledger.
 */
@Module({
  imports: [IdentityModule, ProfilesModule, PaymentsModule, MailModule, RealtimeModule],
  controllers: [SupportController, DonationsController, AdminSupportController],
  providers: [
    AdminGuard,
    DonorGuard,
    SupportFacts,
    SupportQueries,
    RegistryService,
    DonationSettingsService,
    NotifyService,
    DonationsService,
    DonationPayments,
    DisbursementsService,
    SupportFollowupsReactor,
    SupportSocketHandlers,
  ],
  exports: [RegistryService, DonationSettingsService],
})
export class SupportModule {}
