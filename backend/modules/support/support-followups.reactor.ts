import { MailService } from '@modules/mail';
import { isPaymentError, PAYMENT_PROVIDERS, type PaymentProviders } from '@modules/payments';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { AppConfig } from '@platform/config';
import { handleCommand } from '@platform/decider/handle-command';
import type { EventStore, RecordedEvent } from '@platform/event-store/event-store.port';
import type { JobQueue } from '@platform/jobs/job-queue.port';
import type { Logger } from '@platform/logging';
import { LogReactor } from '@platform/reactors/log-reactor';
import type { ProjectionProgress, ReadModels } from '@platform/read-models';
import { findAll } from '@platform/read-store';
import type { ReadStore } from '@platform/read-store/read-store.port';
import {
  APP_CONFIG,
  EVENT_STORE,
  JOB_QUEUE,
  LOGGER,
  PROJECTION_PROGRESS,
  READ_MODELS,
  READ_STORE,
} from '@platform/tokens';
import { type NotifySubscriberDoc, SUPPORT_NOTIFY, SUPPORT_PROJECTOR } from '@projections/support';

import { donationDecider } from './domain/donation.decider';
import { DonationReceipts } from './donation-receipts';
import {
  DONATIONS_OPEN_JOB_OPTIONS,
  DONATIONS_OPEN_MAIL_JOB,
  DONATIONS_OPEN_PAGE,
  type DonationsOpenMailJob,
} from './donations-open-mail';
import { type DonationEvent, donationStream } from './events';
import { SupportFacts } from './support-facts';

type Flagged = Extract<DonationEvent, { type: 'DonationPaymentFlagged' }>['data'];
type Paid = Extract<DonationEvent, { type: 'DonationPaid' }>['data'];

export const SUPPORT_FOLLOWUPS = 'support-followups';

/**
 * What follows in orphan support, driven by the log so that a crash in between loses nothing (at
 * least once, each step idempotent):
 * - an admin opened donations: once the notify-me list has been projected up to the opening, its
 *   subscribers are handed to the mail job a page at a time. Job ids name the opening and the page,
 *   so a replayed DonationsOpened queues nothing new while those jobs exist, and the job itself
 *   skips whoever was already mailed about this opening;
 * - a donation payment was flagged: it is given back (see giveBack).
 */
@Injectable()
export class SupportFollowupsReactor implements OnApplicationBootstrap, OnModuleDestroy {
  readonly reactor: LogReactor;
  private readonly log: Logger;
  private readonly receipts: DonationReceipts;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) readStore: ReadStore,
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
    @Inject(PAYMENT_PROVIDERS) private readonly providers: PaymentProviders,
    @Inject(LOGGER) logger: Logger,
    private readonly facts: SupportFacts,
    mail: MailService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const log = (this.log = logger.child({ component: SUPPORT_FOLLOWUPS }));
    this.receipts = new DonationReceipts(mail, readModels, config.http.publicUrl);
    this.reactor = new LogReactor({
      name: SUPPORT_FOLLOWUPS,
      handles: ['DonationsOpened', 'DonationPaymentFlagged', 'DonationPaid'],
      handle: (event) => {
        if (event.type === 'DonationsOpened') return this.opened(event);
        if (event.type === 'DonationPaid') return this.paid(event.data as Paid);
        return this.giveBack(event.data as Flagged, event.id);
      },
      eventStore,
      readStore,
      logger: log,
    });
  }

  private async opened(event: RecordedEvent): Promise<void> {
    // Everyone who asked before the opening must be on the list we read.
    if (!(await this.progress.waitFor(event.checkpoint, [SUPPORT_PROJECTOR], 30_000)))
      throw new Error('the notify-me list is not projected up to the opening yet'); // the reactor retries
    // Confirmed addresses only (the job checks each stream again: the list is only where to look).
    const subscribers = await findAll(this.readModels.collection<NotifySubscriberDoc>(SUPPORT_NOTIFY), {
      where: { confirmed: true },
    });
    const keys = subscribers.map((s) => s.id);
    for (let i = 0; i * DONATIONS_OPEN_PAGE < keys.length; i++) {
      const page = keys.slice(i * DONATIONS_OPEN_PAGE, (i + 1) * DONATIONS_OPEN_PAGE);
      await this.jobs.enqueue<DonationsOpenMailJob>(
        DONATIONS_OPEN_MAIL_JOB,
        { openingId: event.id, keys: page },
        { ...DONATIONS_OPEN_JOB_OPTIONS, jobId: `donations-open-${event.id}-${i}` },
      );
    }
  }

  /** The donor's receipt; a mail that cannot be queued is logged and never holds the reactor up. */
  private async paid(paid: Paid): Promise<void> {
    const donation = await this.facts.donation(paid.donationId);
    await this.receipts.send(donation, paid).catch((err: unknown) => {
      this.log.warn({ err, donationId: paid.donationId }, 'donation receipt not queued');
    });
  }

  /**
   * A flagged payment (wrong amount, a second payment, a payment of a failed donation) is given back
   * with the provider that took it; its answer is recorded once. A provider that refuses is logged for
   * support and not retried in a loop (that would hold up every later opening and refund).
   */
  private async giveBack(flagged: Flagged, causationId: string): Promise<void> {
    const donation = await this.facts.donation(flagged.donationId);
    if (!donation.toRefund.has(flagged.reference)) return;
    const provider = this.providers.byName(flagged.provider);
    const log = { donationId: flagged.donationId, reference: flagged.reference, provider: flagged.provider };
    if (!provider) {
      this.log.error(log, 'flagged donation payment: its provider is not configured; give it back by hand');
      return;
    }
    let result;
    try {
      result = await provider.refund({
        orderId: flagged.donationId,
        provider: flagged.provider,
        reference: flagged.reference,
        amount: flagged.amount,
      });
    } catch (error) {
      if (!isPaymentError(error)) throw error;
      this.log.error(
        { ...log, code: error.code, detail: error.detail },
        'refund of a flagged donation payment refused',
      );
      return;
    }
    if (result.status === 'manual_required')
      this.log.warn({ ...log, message: result.message }, 'refund needs to be sent by hand');
    await handleCommand(
      this.eventStore,
      donationStream(flagged.donationId),
      donationDecider,
      {
        type: 'RecordRefund',
        reference: flagged.reference,
        status: result.status,
        refundReference: result.status === 'manual_required' ? null : result.refundReference,
        message: result.status === 'manual_required' ? result.message : null,
        now: new Date().toISOString(),
      },
      { actor: null, causationId },
    );
  }

  onApplicationBootstrap() {
    this.reactor.start();
  }

  async onModuleDestroy() {
    await this.reactor.stop();
  }
}
