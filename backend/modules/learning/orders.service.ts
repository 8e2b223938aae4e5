import { isPaymentError, PAYMENT_PROVIDERS, paymentHttpError, type PaymentProviders } from '@modules/payments';
import { Inject, Injectable } from '@nestjs/common';
import { CommandExecutor } from '@platform/decider/command-executor';
import { DomainError } from '@platform/decider/decider';
import type { CommandMetadata } from '@platform/decider/handle-command';
import type { Logger } from '@platform/logging';
import { LOGGER } from '@platform/tokens';

import type { Role } from '../identity';
import { CommerceFacts } from './commerce-facts';
import { enrolmentDecider } from './domain/enrolment.decider';
import { type OrderCommand, orderDecider, type OrderState } from './domain/order.decider';
import { enrolmentStream, orderStream } from './events';
import { LearningClock } from './learning-clock';
import { LEARNING_MESSAGES as M } from './limits';
import { RefundProgress } from './refund-progress';

/**
 * POST /api/orders/:id/refund. The order's rules are checked first (owner, paid, within 7 days, no
 * course it granted completed past REFUND_MAX_PROGRESS), then the provider gives the money back, and
 * only then is the refund recorded, with the provider's answer: a provider that refuses leaves the
 * order paid, to be asked again. M-Pesa answers
 * `manual_required` (no safe reversal call): the refund is recorded and support sends the money.
 * The enrolments the order granted are revoked before the answer (the fulfilment reactor does it
 * again, deciding nothing): a refund ends access to the lessons and their media links at once.
 * POST /api/admin/orders/:id/refund: a moderator's refund by hand, with a reason, the same way.
 */
@Injectable()
export class OrdersService {
  constructor(
    @Inject(PAYMENT_PROVIDERS) private readonly providers: PaymentProviders,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly commands: CommandExecutor,
    private readonly facts: CommerceFacts,
    private readonly clock: LearningClock,
    private readonly progress: RefundProgress,
  ) {}

  async refund(userId: string, orderId: string, meta: CommandMetadata): Promise<void> {
    const order = await this.facts.order(orderId);
    // Someone else's order is not found, as for reading it.
    if (!order.status || order.userId !== userId) throw new DomainError('ORDER_NOT_FOUND', M.orderNotFound, 404);
    const now = this.clock.iso();
    const progress = await this.progress.of(order);
    const command = {
      type: 'RefundOrder',
      actorId: userId,
      now,
      progress,
      maxProgress: this.progress.maxProgress,
    } as const;
    await this.giveBack(orderId, order, command, meta);
  }

  /**
   * POST /api/orders/:id/cancel: the buyer closes a pending order. Nothing to give back yet; an M-Pesa
   * prompt approved afterwards is flagged by the order and refunded by the fulfilment reactor.
   */
  async cancel(userId: string, orderId: string, meta: CommandMetadata): Promise<void> {
    const order = await this.facts.order(orderId);
    if (!order.status || order.userId !== userId) throw new DomainError('ORDER_NOT_FOUND', M.orderNotFound, 404);
    await this.commands.execute(
      orderStream(orderId),
      orderDecider,
      { type: 'CancelOrder', actorId: userId, now: this.clock.iso() },
      meta,
    );
  }

  async refundAsModerator(
    moderator: { id: string; role: Role },
    orderId: string,
    reason: string,
    meta: CommandMetadata,
  ): Promise<void> {
    const order = await this.facts.order(orderId);
    if (!order.status) throw new DomainError('ORDER_NOT_FOUND', M.orderNotFound, 404);
    const command = {
      type: 'RefundOrderAsModerator',
      actorId: moderator.id,
      actorRole: moderator.role,
      reason,
      now: this.clock.iso(),
    } as const;
    await this.giveBack(orderId, order, command, meta);
  }

  /** The decider's word first, then the provider's refund, then both recorded on the order. */
  private async giveBack(
    orderId: string,
    order: OrderState,
    command: Extract<OrderCommand, { type: 'RefundOrder' | 'RefundOrderAsModerator' }>,
    meta: CommandMetadata,
  ): Promise<void> {
    const { now } = command;
    orderDecider.decide(order, command);
    const payment = order.payment!;
    const provider = this.providers.byName(payment.provider);
    if (!provider)
      throw new DomainError('REFUND_UNAVAILABLE', 'This order can no longer be refunded online: contact support', 409);
    let result;
    try {
      result = await provider.refund({
        orderId,
        provider: payment.provider,
        reference: payment.reference,
        amount: payment.amount,
      });
    } catch (error) {
      if (!isPaymentError(error)) throw error;
      this.logger.warn({ orderId, code: error.code, detail: error.detail }, 'provider refused a refund');
      throw paymentHttpError(error);
    }
    const stream = orderStream(orderId);
    await this.commands.execute(stream, orderDecider, command, meta, { waitFor: 'none' });
    await this.commands.execute(
      stream,
      orderDecider,
      {
        type: 'RecordRefund',
        reference: payment.reference,
        status: result.status,
        refundReference: result.status === 'manual_required' ? null : result.refundReference,
        message: result.status === 'manual_required' ? result.message : null,
        now,
      },
      meta,
    );
    // Waits for the enrolments read model, which the lesson media rule reads at every request.
    for (const { courseId } of order.items)
      await this.commands.execute(
        enrolmentStream(courseId, order.userId!),
        enrolmentDecider,
        { type: 'RevokeEnrolment', orderId, now },
        meta,
      );
  }
}
