import type { PaymentMethod, PaymentProvider } from '@modules/learning/events';

export const LEARNING_COMMERCE_PROJECTOR = 'learning-commerce';
/** One document per member: the courses in their cart, oldest first. */
export const LEARNING_CARTS = 'learning_carts';
/** One document per order, as its owner sees it. */
export const LEARNING_ORDERS = 'learning_orders';

export interface CartDoc {
  [key: string]: unknown;
  /** The member's id. */
  id: string;
  items: { courseId: string; addedAt: string }[];
}

/** Amounts in KES cents; the module's queries format them for the wire. */
export interface OrderDoc {
  [key: string]: unknown;
  id: string;
  userId: string;
  status: 'pending' | 'paid' | 'failed' | 'expired' | 'cancelled' | 'refunded';
  items: { courseId: string; title: string; price: number }[];
  total: number;
  method: PaymentMethod;
  /** null until a payment was started (a provider that refused the start leaves none). */
  provider: PaymentProvider | null;
  /** The payment that paid the order (its refund is the order's refund). */
  paymentReference: string | null;
  createdAt: string;
  paidAt: string | null;
  failureReason: string | null;
  refundedAt: string | null;
  refundStatus: 'refunded' | 'pending' | 'manual_required' | null;
}
