import { type Decider, DomainError } from '@platform/decider/decider';
import { isCents } from '@platform/money';

import { isStaff, type Role } from '../../identity';
import {
  type OrderEvent,
  type OrderItem,
  PAYMENT_METHODS,
  type PaymentFlagReason,
  type PaymentMethod,
  type PaymentProvider,
} from '../events';
import { LEARNING_LIMITS as L, LEARNING_MESSAGES as M } from '../limits';
import { courseNotFound } from './course.decider';
import { courseConsumedMessage, type CourseProgress, refundEligibility } from './refund-policy';

export type OrderStatus = 'pending' | 'paid' | 'failed' | 'expired' | 'cancelled' | 'refunded';

export interface OrderPayment {
  provider: PaymentProvider;
  amount: number;
  reference: string;
  paidAt: string;
}

export interface OrderState {
  orderId: string | null;
  userId: string | null;
  status: OrderStatus | null;
  items: OrderItem[];
  total: number;
  method: PaymentMethod | null;
  placedAt: string | null;
  /** The buyer's language at checkout (their receipt's). */
  language: 'en' | 'ar';
  requestedReferences: string[];
  /** M-Pesa: the digest of the number its first payment was requested from (OrderPaymentRequested.payer). */
  payer: string | null;
  /** The payment that paid the order. */
  payment: OrderPayment | null;
  /** Every provider reference already recorded, applied or flagged: what makes webhooks idempotent. */
  recordedReferences: string[];
  /** Payments given back, by their reference: the provider's last word on each. */
  refunds: Record<string, RefundStatus>;
  /** Payments flagged (to give back), by reference: their amount and provider. */
  flagged: Record<string, { provider: PaymentProvider; amount: number }>;
}

export type RefundStatus = 'refunded' | 'pending' | 'manual_required';

/** A course as checkout found it; published and owned are read by the service, as for the cart. */
export interface OrderItemFacts extends OrderItem {
  published: boolean;
  owned: boolean;
}

export type OrderCommand =
  | {
      type: 'PlaceOrder';
      orderId: string;
      userId: string;
      method: string;
      items: readonly OrderItemFacts[];
      now: string;
      language?: 'en' | 'ar';
    }
  /** A payment the provider started for this order: recorded even once the order closed (see decide). */
  | { type: 'RequestPayment'; provider: PaymentProvider; reference: string; now: string; payer?: string | null }
  /** A provider's confirmation (a webhook, or the sandbox): amount in KES cents as it reported it. */
  | { type: 'RecordPayment'; provider: PaymentProvider; reference: string; amount: number; now: string }
  | { type: 'FailPayment'; reason: string; now: string }
  /** The buyer closes their pending order; cancelling a cancelled one again decides nothing. */
  | { type: 'CancelOrder'; actorId: string; now: string }
  /** The expiry reactor: a pending order unpaid `ttlMs` after it was placed closes (not yet due: nothing). */
  | { type: 'ExpireOrder'; ttlMs: number; now: string }
  /**
   * The buyer's refund. progress: how far they went in each course this order granted (read from
   * the enrolment and course streams); maxProgress: REFUND_MAX_PROGRESS.
   */
  | { type: 'RefundOrder'; actorId: string; now: string; progress: readonly CourseProgress[]; maxProgress: number }
  /** A moderator's refund by hand, for any paid order, with a reason: no window, no progress rule. */
  | { type: 'RefundOrderAsModerator'; actorId: string; actorRole: Role; reason: string; now: string }
  /** What the provider answered to a refund of one recorded payment (the order's or a flagged one). */
  | {
      type: 'RecordRefund';
      reference: string;
      status: RefundStatus;
      refundReference: string | null;
      message: string | null;
      now: string;
    };

const invalid = (message: string) => new DomainError('VALIDATION_FAILED', message, 400);
const notPending = () => new DomainError('ORDER_NOT_PENDING', M.orderNotPending, 409);

function reference(value: string): string {
  const r = value.trim();
  if (!r || r.length > L.paymentReferenceMax) throw invalid(M.badReference);
  return r;
}

function placed(c: Extract<OrderCommand, { type: 'PlaceOrder' }>): OrderEvent {
  if (!(PAYMENT_METHODS as readonly string[]).includes(c.method)) throw invalid(M.badMethod);
  if (c.items.length === 0) throw invalid(M.emptyOrder);
  if (c.items.length > L.orderItemsMax) throw invalid(M.tooManyItems);
  if (new Set(c.items.map((i) => i.courseId)).size !== c.items.length) throw invalid(M.duplicateItem);
  for (const item of c.items) {
    if (!item.published) throw courseNotFound();
    if (item.owned) throw new DomainError('ALREADY_OWNED', M.alreadyOwned, 409);
    if (!isCents(item.price) || item.price > L.maxPrice) throw invalid(M.badPrice);
    if (item.price === 0) throw new DomainError('COURSE_IS_FREE', M.freeInOrder, 409);
  }
  const items = c.items.map(({ courseId, teacherId, title, price }) => ({ courseId, teacherId, title, price }));
  return {
    type: 'OrderPlaced',
    data: {
      orderId: c.orderId,
      userId: c.userId,
      items,
      total: items.reduce((sum, i) => sum + i.price, 0),
      currency: 'KES',
      method: c.method as PaymentMethod,
      placedAt: c.now,
      ...(c.language ? { language: c.language } : {}),
    },
  };
}

/** The whole payment goes back; a moderator's refund carries their reason. */
function refunded(state: OrderState, actorId: string, now: string, reason?: string): OrderEvent {
  const payment = state.payment!;
  return {
    type: 'OrderRefunded',
    data: {
      orderId: state.orderId!,
      userId: state.userId!,
      provider: payment.provider,
      amount: payment.amount,
      reference: payment.reference,
      courseIds: state.items.map((i) => i.courseId),
      refundedBy: actorId,
      refundedAt: now,
      ...(reason === undefined ? {} : { reason }),
    },
  };
}

/**
 * One checkout: placed pending, then paid or failed; a paid order may be refunded by its buyer
 * within 7 days unless a course it granted was consumed (refund-policy.ts), and by a moderator with
 * a reason at any time.
 * A provider's confirmation is never refused: the money has already moved, so one that cannot pay
 * the order (wrong amount, order already paid or closed) is recorded as a flagged payment to give
 * back, and the same confirmation delivered again decides nothing.
 */
export const orderDecider: Decider<OrderState, OrderCommand, OrderEvent> = {
  initialState: () => ({
    orderId: null,
    userId: null,
    status: null,
    items: [],
    total: 0,
    method: null,
    placedAt: null,
    language: 'en',
    requestedReferences: [],
    payer: null,
    payment: null,
    recordedReferences: [],
    refunds: {},
    flagged: {},
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'OrderPlaced': {
        const { orderId, userId, items, total, method, placedAt, language = 'en' } = event.data;
        return { ...state, orderId, userId, items, total, method, placedAt, language, status: 'pending' };
      }
      case 'OrderPaymentRequested':
        return {
          ...state,
          requestedReferences: [...state.requestedReferences, event.data.reference],
          payer: state.payer ?? event.data.payer ?? null,
        };
      case 'OrderPaid': {
        const { provider, amount, reference: ref, paidAt } = event.data;
        return {
          ...state,
          status: 'paid',
          payment: { provider, amount, reference: ref, paidAt },
          recordedReferences: [...state.recordedReferences, ref],
        };
      }
      case 'OrderPaymentFlagged': {
        const { reference: ref, provider, amount } = event.data;
        return {
          ...state,
          recordedReferences: [...state.recordedReferences, ref],
          flagged: { ...state.flagged, [ref]: { provider, amount } },
        };
      }
      case 'OrderRefundIssued':
        return { ...state, refunds: { ...state.refunds, [event.data.reference]: event.data.status } };
      case 'OrderPaymentFailed':
        return { ...state, status: 'failed' };
      case 'OrderExpired':
        return { ...state, status: 'expired' };
      case 'OrderCancelled':
        return { ...state, status: 'cancelled' };
      case 'OrderRefunded':
        return { ...state, status: 'refunded' };
    }
  },
  decide(state, command) {
    if (command.type === 'PlaceOrder') {
      if (state.status) throw new DomainError('ORDER_EXISTS', M.orderExists, 409);
      return [placed(command)];
    }
    if (!state.status) throw new DomainError('ORDER_NOT_FOUND', M.orderNotFound, 404);
    const orderId = state.orderId!;
    const userId = state.userId!;
    switch (command.type) {
      case 'RequestPayment': {
        // Recorded whatever the order's status: the provider has started this payment already (the
        // order may have expired, failed or been paid while it did), so a success that follows
        // must be known as ours, to be flagged and given back, not refused and lost. The service
        // tells the member the order no longer waits for payment.
        const ref = reference(command.reference);
        if (state.requestedReferences.includes(ref)) return [];
        // Another number is refused by the service before any payment starts; one that started
        // anyway (two calls at once) is still recorded, and the order keeps its first number.
        const payer = command.payer ?? null;
        return [
          {
            type: 'OrderPaymentRequested',
            data: {
              orderId,
              provider: command.provider,
              reference: ref,
              requestedAt: command.now,
              ...(payer ? { payer } : {}),
            },
          },
        ];
      }
      case 'RecordPayment': {
        const ref = reference(command.reference);
        if (!isCents(command.amount)) throw invalid(M.badAmount);
        if (state.recordedReferences.includes(ref)) return [];
        const { provider, amount, now } = command;
        let flag: PaymentFlagReason | null = null;
        if (state.status === 'paid') flag = 'already_paid';
        else if (state.status !== 'pending') flag = 'order_closed';
        else if (amount !== state.total) flag = 'amount_mismatch';
        if (flag)
          return [
            {
              type: 'OrderPaymentFlagged',
              data: { orderId, userId, provider, amount, reference: ref, reason: flag, flaggedAt: now },
            },
          ];
        const courseIds = state.items.map((i) => i.courseId);
        return [
          { type: 'OrderPaid', data: { orderId, userId, provider, amount, reference: ref, courseIds, paidAt: now } },
        ];
      }
      case 'FailPayment': {
        if (state.status === 'failed') return [];
        if (state.status !== 'pending') throw notPending();
        // A provider's text, kept for support: never a reason to refuse the failure itself.
        const reason = command.reason.trim().slice(0, L.failureReasonMax) || 'Payment failed';
        return [{ type: 'OrderPaymentFailed', data: { orderId, userId, reason, failedAt: command.now } }];
      }
      case 'ExpireOrder': {
        if (state.status !== 'pending') return [];
        const placedAt = state.placedAt!;
        if (Date.parse(command.now) - Date.parse(placedAt) < command.ttlMs) return [];
        return [{ type: 'OrderExpired', data: { orderId, userId, placedAt, expiredAt: command.now } }];
      }
      case 'CancelOrder': {
        if (command.actorId !== userId) throw new DomainError('NOT_ORDER_OWNER', M.notOrderOwner, 403);
        if (state.status === 'cancelled') return [];
        if (state.status !== 'pending') throw notPending();
        return [{ type: 'OrderCancelled', data: { orderId, userId, cancelledAt: command.now } }];
      }
      case 'RefundOrder': {
        if (command.actorId !== userId) throw new DomainError('NOT_ORDER_OWNER', M.notOrderOwner, 403);
        const { reason } = refundEligibility({
          status: state.status,
          paidAt: state.payment?.paidAt ?? null,
          now: command.now,
          progress: command.progress,
          maxProgress: command.maxProgress,
        });
        if (reason === 'ORDER_NOT_PAID') throw new DomainError(reason, M.refundNotPaid, 409);
        if (reason === 'REFUND_WINDOW_CLOSED') throw new DomainError(reason, M.refundWindowClosed, 409);
        if (reason === 'COURSE_CONSUMED')
          throw new DomainError(reason, courseConsumedMessage(command.maxProgress), 409);
        return [refunded(state, command.actorId, command.now)];
      }
      case 'RefundOrderAsModerator': {
        if (!isStaff(command.actorRole)) throw new DomainError('FORBIDDEN', M.moderatorsOnlyRefund, 403);
        const reason = command.reason.trim();
        if (!reason) throw invalid(M.refundReasonRequired);
        if (reason.length > L.refundReasonMax) throw invalid(M.refundReasonTooLong);
        if (state.status !== 'paid') throw new DomainError('ORDER_NOT_PAID', M.refundNotPaid, 409);
        return [refunded(state, command.actorId, command.now, reason)];
      }
      case 'RecordRefund': {
        const ref = reference(command.reference);
        // Only a payment this order recorded can have been given back: the paid one once refunded, or a flagged one.
        const paid = state.status === 'refunded' && state.payment?.reference === ref ? state.payment : null;
        const given = paid ?? state.flagged[ref] ?? null;
        if (!given) throw new DomainError('PAYMENT_NOT_REFUNDABLE', M.refundNotPaid, 409);
        if (state.refunds[ref] === command.status) return [];
        return [
          {
            type: 'OrderRefundIssued',
            data: {
              orderId,
              userId,
              provider: given.provider,
              reference: ref,
              amount: given.amount,
              status: command.status,
              refundReference: command.refundReference,
              message: command.message,
              issuedAt: command.now,
            },
          },
        ];
      }
    }
  },
};
