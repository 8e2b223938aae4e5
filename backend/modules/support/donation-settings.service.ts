import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@platform/config';
import { CommandExecutor } from '@platform/decider/command-executor';
import type { CommandMetadata } from '@platform/decider/handle-command';
import { formatKes } from '@platform/money';
import { APP_CONFIG } from '@platform/tokens';

import { donationSettingsDecider } from './domain/donation-settings.decider';
import { DONATION_SETTINGS_STREAM } from './events';
import { SupportFacts } from './support-facts';
import type { DonationsStatus } from './views';

/** The paused flag (spec part 2 §9: paused at first) and the configured ceiling of one donation. */
@Injectable()
export class DonationSettingsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commands: CommandExecutor,
    private readonly facts: SupportFacts,
  ) {}

  /** KES cents. */
  get maxAmount(): number {
    return this.config.donations.maxKes * 100;
  }

  async status(): Promise<DonationsStatus> {
    const { paused } = await this.facts.settings();
    return { paused, maxAmount: formatKes(this.maxAmount) };
  }

  /** Opening donations is what starts the notify-me mail round (support-followups.reactor.ts). */
  async setPaused(actorId: string, paused: boolean, meta: CommandMetadata): Promise<DonationsStatus> {
    await this.commands.execute(
      DONATION_SETTINGS_STREAM,
      donationSettingsDecider,
      { type: 'SetPaused', paused, actorId, now: new Date().toISOString() },
      meta,
    );
    return this.status();
  }
}
