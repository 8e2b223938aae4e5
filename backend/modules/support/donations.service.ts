import {
  isPaymentError,
  methodUnavailable,
  normaliseMpesaPhone,
  PAYMENT_MESSAGES,
  PAYMENT_PROVIDERS,
  paymentHttpError,
  type PaymentProviders,
} from '@modules/payments';
import { Inject, Injectable } from '@nestjs/common';
import { CommandExecutor } from '@platform/decider/command-executor';
import { DomainError } from '@platform/decider/decider';
import type { CommandMetadata } from '@platform/decider/handle-command';
import { newId } from '@platform/ids';
import type { Logger } from '@platform/logging';
import { formatKes } from '@platform/money';
import { LOGGER } from '@platform/tokens';
import { SUPPORT_PROJECTOR } from '@projections/support';

import { donationDecider, type DonationState } from './domain/donation.decider';
import { DonationSettingsService } from './donation-settings.service';
import { donationStream, type PaymentMethod } from './events';
import { SUPPORT_MESSAGES as M } from './limits';
import { SupportFacts } from './support-facts';
import type { DonateAnswer, DonationView } from './views';

export interface DonateInput {
  /** KES cents, parsed at the edge. */
  amount: number;
  method: PaymentMethod;
  isAnonymous: boolean;
  orphanId: string | null;
  /** M-Pesa: the payer's number, given to the provider only, never recorded in an event. */
  phone?: string | undefined;
  /** The sandbox's card form only (compared with its test numbers, then forgotten). */
  cardNumber?: string | undefined;
  /** The language the donor gives in: their receipt's. */
  language?: 'en' | 'ar' | undefined;
}

const invalid = (message: string) => new DomainError('VALIDATION_FAILED', message, 400);
const now = () => new Date().toISOString();

/**
 * POST /api/donate: checks everything a refusal could be about first (paused, amount, orphan, phone)
 * so that a refused donation records nothing; then pledges it, starts the payment with the method's
 * provider (the payments module's port) and records the reference. A provider that
 * refuses the start fails the donation: a retry is a new donation.
 */
@Injectable()
export class DonationsService {
  constructor(
    @Inject(PAYMENT_PROVIDERS) private readonly providers: PaymentProviders,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly commands: CommandExecutor,
    private readonly facts: SupportFacts,
    private readonly settings: DonationSettingsService,
  ) {}

  async donate(donorId: string, input: DonateInput, meta: CommandMetadata): Promise<DonateAnswer> {
    const [settings, registry] = await Promise.all([
      this.facts.settings(),
      input.orphanId ? this.facts.orphans() : Promise.resolve(null),
    ]);
    const pledge = {
      type: 'Pledge' as const,
      donationId: newId(),
      donorId,
      amount: input.amount,
      method: input.method,
      orphanId: input.orphanId,
      isAnonymous: input.isAnonymous,
      paused: settings.paused,
      orphanExists: !!input.orphanId && !!registry?.orphans.has(input.orphanId),
      maxAmount: this.settings.maxAmount,
      now: now(),
      ...(input.language ? { language: input.language } : {}),
    };
    // The decider's own refusals, before anything is written or any provider is asked.
    donationDecider.decide(donationDecider.initialState(), pledge);
    const provider = this.providers.forMethod(input.method);
    if (!provider) throw methodUnavailable(input.method);
    if (input.method === 'mpesa') {
      try {
        normaliseMpesaPhone(provider.name, input.phone);
      } catch (error) {
        if (isPaymentError(error)) throw invalid(error.message);
        throw error;
      }
      if (input.amount % 100 !== 0) throw invalid(PAYMENT_MESSAGES.mpesaWholeShillings);
    }

    const { donationId } = pledge;
    const stream = donationStream(donationId);
    await this.commands.execute(stream, donationDecider, pledge, meta, { waitFor: 'none', newStream: true });
    let started;
    try {
      started = await provider.start({
        orderId: donationId,
        amount: input.amount,
        method: input.method,
        phone: input.phone ?? null,
        description: 'DeenConnect orphan support donation',
        sandboxCardNumber: input.cardNumber ?? null,
      });
    } catch (error) {
      if (!isPaymentError(error)) throw error;
      this.logger.warn(
        { donationId, provider: provider.name, code: error.code, detail: error.detail },
        'payment provider refused to start a donation',
      );
      await this.commands.execute(
        stream,
        donationDecider,
        { type: 'FailPayment', reason: error.message, now: now() },
        meta,
      );
      throw paymentHttpError(error);
    }
    await this.commands.execute(
      stream,
      donationDecider,
      { type: 'RequestPayment', provider: started.provider, reference: started.reference, now: now() },
      meta,
      { waitFor: 'none' },
    );
    return {
      donationId,
      status: 'pending',
      amount: formatKes(input.amount),
      provider: started.provider,
      clientAction: started.clientAction,
    };
  }

  /**
   * The donor's own donation (anyone else's is not found), straight from its stream: polling sees it
   * at once. A paid one is answered once the support page's read models (total, ledger, the orphan's
   * sum) show it too, within the read-your-writes timeout: the donor's screen refetches those the
   * moment it reads 'paid', and found them a payment behind on a busy server.
   */
  async donation(userId: string, donationId: string): Promise<DonationView> {
    if (!/^[0-9a-f-]{36}$/i.test(donationId)) throw new DomainError('DONATION_NOT_FOUND', M.donationNotFound, 404);
    const { state, checkpoint } = await this.facts.donationAt(donationId);
    if (!state.status || state.donorId !== userId) throw new DomainError('DONATION_NOT_FOUND', M.donationNotFound, 404);
    if (state.status === 'paid' && checkpoint)
      await this.commands.waitFor(checkpoint, [SUPPORT_PROJECTOR], 'donation paid');
    return toDonationView(state);
  }
}

function toDonationView(s: DonationState): DonationView {
  return {
    id: s.donationId!,
    amount: formatKes(s.amount),
    currency: 'KES',
    status: s.status!,
    method: s.method!,
    orphanId: s.orphanId,
    isAnonymous: s.isAnonymous,
    createdAt: s.createdAt!,
    paidAt: s.paidAt,
    failureReason: s.failureReason,
  };
}
