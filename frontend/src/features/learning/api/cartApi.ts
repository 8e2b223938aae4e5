import { api } from '@/app/api';

import type { CartView, CourseCard } from '../types';
import { catalogueApi, courseTag } from './catalogueApi';

function sumPrices(items: CartView['items']): string {
  const cents = items.reduce((sum, item) => sum + Math.round(Number(item.course.price) * 100), 0);
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/cart (members; a guest has no cart and never asks). */
    getCart: build.query<CartView, void>({
      query: () => '/api/cart',
      providesTags: ['Cart'],
    }),

    /**
     * POST /api/cart/add {courseId} (the catalogue's variant). The cart shows the course at once;
     * a refusal puts it back as it was.
     */
    addToCart: build.mutation<CartView, CourseCard>({
      query: (course) => ({ url: '/api/cart/add', method: 'POST', body: { courseId: course.id } }),
      async onQueryStarted(course, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          cartApi.util.updateQueryData('getCart', undefined, (cart) => {
            if (cart.items.some((item) => item.courseId === course.id)) return;
            cart.items.unshift({ courseId: course.id, course, addedAt: new Date().toISOString() });
            cart.count = cart.items.length;
            cart.total = sumPrices(cart.items);
          }),
        );
        try {
          const { data } = await queryFulfilled;
          void dispatch(cartApi.util.upsertQueryData('getCart', undefined, data));
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_r, error, course) => (error ? [] : [courseTag(course.id)]),
    }),

    /** DELETE /api/cart/remove/:courseId, optimistic like add. */
    removeFromCart: build.mutation<CartView, string>({
      query: (courseId) => ({ url: `/api/cart/remove/${encodeURIComponent(courseId)}`, method: 'DELETE' }),
      async onQueryStarted(courseId, { dispatch, queryFulfilled }) {
        const patches = [
          dispatch(
            cartApi.util.updateQueryData('getCart', undefined, (cart) => {
              cart.items = cart.items.filter((item) => item.courseId !== courseId);
              cart.count = cart.items.length;
              cart.total = sumPrices(cart.items);
            }),
          ),
          dispatch(
            catalogueApi.util.updateQueryData('getCourse', courseId, (course) => {
              course.viewer.inCart = false;
            }),
          ),
        ];
        try {
          const { data } = await queryFulfilled;
          void dispatch(cartApi.util.upsertQueryData('getCart', undefined, data));
        } catch {
          patches.forEach((patch) => patch.undo());
        }
      },
    }),

    /** POST /api/cart/items {courseId, quantity: 1}: the detail page's variant of §7. */
    addCartItem: build.mutation<unknown, string>({
      query: (courseId) => ({ url: '/api/cart/items', method: 'POST', body: { courseId, quantity: 1 } }),
      async onQueryStarted(courseId, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          catalogueApi.util.updateQueryData('getCourse', courseId, (course) => {
            course.viewer.inCart = true;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_r, error) => (error ? [] : ['Cart']),
    }),
  }),
});

export const { useGetCartQuery, useAddToCartMutation, useRemoveFromCartMutation, useAddCartItemMutation } = cartApi;
