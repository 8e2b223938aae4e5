import { api } from '@/app/api';

import type { CheckoutAnswer, CheckoutRequest, OrderView, PaymentsConfig } from '../types';

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

    /** POST /api/orders/:id/refund: within 7 days of payment (409 after). */
    refundOrder: build.mutation<OrderView, string>({
      query: (id) => ({ url: `/api/orders/${encodeURIComponent(id)}/refund`, method: 'POST' }),
      invalidatesTags: (_r, error, id) =>
        error ? [] : [{ type: 'Order', id }, { type: 'Order', id: 'LIST' }, 'StudentCourses', 'Course', 'CourseList'],
    }),
  }),
});

export const {
  useGetPaymentsConfigQuery,
  useCheckoutMutation,
  useGetOrderQuery,
  useGetOrdersQuery,
  useRefundOrderMutation,
} = ordersApi;
