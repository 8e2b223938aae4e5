import { api } from '@/app/api';

import type { CheckoutAnswer, CheckoutRequest, OrderView, PaymentsConfig, PayOrderRequest } from '../types';

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Which provider takes cards and M-Pesa here (sandbox, Stripe, Daraja). */
    getPaymentsConfig: build.query<PaymentsConfig, void>({
      query: () => '/api/payments/config',
    }),

    /** POST /api/checkout: places a pending order for the cart (or `courseIds`) and starts the payment. */
    checkout: build.mutation<CheckoutAnswer, CheckoutRequest>({
      query: (body) => ({ url: '/api/checkout', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Order', id: 'LIST' }]),
    }),

    /**
     * POST /api/orders/:id/pay: pays a pending order again (a declined card, an STK push that never
     * reached the phone). The same order answers, never a new one.
     */
    payOrder: build.mutation<CheckoutAnswer, { orderId: string } & PayOrderRequest>({
      query: ({ orderId, ...body }) => ({
        url: `/api/orders/${encodeURIComponent(orderId)}/pay`,
        method: 'POST',
        body,
      }),
      // A 409 means the order moved on (paid, expired) or keeps its payer: read it and the list again.
      invalidatesTags: (_r, error, { orderId }) =>
        error
          ? error.status === 409
            ? [
                { type: 'Order', id: orderId },
                { type: 'Order', id: 'LIST' },
              ]
            : []
          : [{ type: 'Order', id: orderId }],
    }),

    /** GET /api/orders/:id: the checkout polls it while the payment is pending. */
    getOrder: build.query<OrderView, string>({
      query: (id) => `/api/orders/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Order', id }],
      // A paid order enrols the member and empties the cart: what shows those is stale now.
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data.status === 'paid' || data.status === 'refunded')
            dispatch(api.util.invalidateTags(['Cart', 'StudentCourses', 'Course', 'CourseList']));
        } catch {
          /* the screen shows the failure */
        }
      },
    }),

    getOrders: build.query<OrderView[], void>({
      query: () => '/api/orders',
      providesTags: [{ type: 'Order', id: 'LIST' }],
    }),

    /**
     * POST /api/orders/:id/cancel: the buyer closes a pending order (its courses can be ordered again).
     * A 409 means it was paid or closed meanwhile: read it again either way.
     */
    cancelOrder: build.mutation<OrderView, string>({
      query: (id) => ({ url: `/api/orders/${encodeURIComponent(id)}/cancel`, method: 'POST' }),
      invalidatesTags: (_r, error, id) =>
        error && error.status !== 409
          ? []
          : [
              { type: 'Order', id },
              { type: 'Order', id: 'LIST' },
              // The courses it held can be bought again: what offered "payment pending" is stale.
              'Cart',
              'Course',
            ],
    }),

    /**
     * POST /api/orders/:id/refund: within 7 days of payment while no course of the order is past
     * REFUND_MAX_PROGRESS of its lessons (409 with the reason's code otherwise).
     */
    refundOrder: build.mutation<OrderView, string>({
      query: (id) => ({ url: `/api/orders/${encodeURIComponent(id)}/refund`, method: 'POST' }),
      // A refusal (409) means the order moved on since it was shown (a lesson completed, the window closed): read it again.
      invalidatesTags: (_r, error, id) =>
        error
          ? error.status === 409
            ? [{ type: 'Order', id }, { type: 'Order', id: 'LIST' }, 'Course']
            : []
          : [{ type: 'Order', id }, { type: 'Order', id: 'LIST' }, 'StudentCourses', 'Course', 'CourseList'],
    }),
  }),
});

export const {
  useGetPaymentsConfigQuery,
  useCheckoutMutation,
  usePayOrderMutation,
  useGetOrderQuery,
  useGetOrdersQuery,
  useRefundOrderMutation,
  useCancelOrderMutation,
} = ordersApi;
