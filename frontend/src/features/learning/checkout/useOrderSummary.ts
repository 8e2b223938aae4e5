import { skipToken } from '@reduxjs/toolkit/query';

import { useGetCartQuery } from '../api/cartApi';
import { useGetCourseQuery } from '../api/catalogueApi';
import { useGetOrderQuery } from '../api/ordersApi';
import type { Money, PaymentMethod } from '../types';

/** What the checkout pays for: the cart, Buy Now's one course (`?courseId=`), or a pending order (`?orderId=`). */
export type CheckoutTarget =
  | { kind: 'cart' }
  | { kind: 'course'; courseId: string }
  | { kind: 'order'; orderId: string };

export interface SummaryLine {
  courseId: string;
  title: string;
  price: Money;
}

export interface OrderSummary {
  loading: boolean;
  lines: SummaryLine[];
  /** What the screen shows as the total: sent as `expectedTotal` so the server charges nothing else. */
  total: Money;
  /** The method a pending order was placed with (it is paid again by that one). */
  method?: PaymentMethod;
}

export function checkoutTarget(params: URLSearchParams): CheckoutTarget {
  const orderId = params.get('orderId');
  if (orderId) return { kind: 'order', orderId };
  const courseId = params.get('courseId');
  return courseId ? { kind: 'course', courseId } : { kind: 'cart' };
}

export function useOrderSummary(target: CheckoutTarget, signedIn: boolean): OrderSummary {
  const cart = useGetCartQuery(signedIn && target.kind === 'cart' ? undefined : skipToken);
  const course = useGetCourseQuery(signedIn && target.kind === 'course' ? target.courseId : skipToken);
  const order = useGetOrderQuery(signedIn && target.kind === 'order' ? target.orderId : skipToken);
  if (target.kind === 'order') {
    const o = order.data;
    // Only an order still waiting for payment can be paid again.
    const open = o?.status === 'pending';
    return {
      loading: order.isLoading,
      lines: open ? o.items : [],
      total: open ? o.total : '0',
      ...(o ? { method: o.method } : {}),
    };
  }
  if (target.kind === 'course') {
    const c = course.data;
    return {
      loading: course.isLoading,
      lines: c && !c.viewer.enrolled ? [{ courseId: c.id, title: c.title, price: c.price }] : [],
      total: c && !c.viewer.enrolled ? c.price : '0',
    };
  }
  const lines = (cart.data?.items ?? []).map((i) => ({
    courseId: i.courseId,
    title: i.course.title,
    price: i.course.price,
  }));
  return { loading: cart.isLoading, lines, total: cart.data?.total ?? '0' };
}
