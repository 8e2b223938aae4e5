import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import type { CartEvent } from '../events';
import { type CartCourseFacts, cartDecider } from './cart.decider';

const T0 = '2026-11-25T10:00:00.000Z';
const listed: CartCourseFacts = { published: true, free: false, owned: false };
const add = (courseId: string, course: Partial<CartCourseFacts> = {}) =>
  ({ type: 'AddToCart', userId: 'u1', courseId, course: { ...listed, ...course }, now: T0 }) as const;
const added = (courseId: string): CartEvent => ({
  type: 'CartItemAdded',
  data: { userId: 'u1', courseId, addedAt: T0 },
});

const spec = DeciderSpec.for(cartDecider);
const withTwo = spec.given([added('c1'), added('c2')]);

describe('cart decider', () => {
  it('adds a published paid course the member does not own', () => {
    spec.when(add('c1')).then((events, state) => {
      expect(events).toEqual([added('c1')]);
      expect(state.items).toEqual(['c1']);
    });
  });

  it('refuses a duplicate (409), an owned course (409), an unknown or unpublished one (404)', () => {
    withTwo
      .when(add('c1'))
      .thenThrows({ code: 'ALREADY_IN_CART', status: 409, message: 'This course is already in your cart' });
    spec.when(add('c3', { owned: true })).thenThrows({ code: 'ALREADY_OWNED', status: 409 });
    spec
      .when(add('c3', { published: false }))
      .thenThrows({ code: 'COURSE_NOT_FOUND', status: 404, message: 'Course not found' });
    // Not listed wins over owned: a course taken down is not found, whoever asks.
    spec.when(add('c3', { published: false, owned: true })).thenThrows({ status: 404 });
  });

  it('refuses a free course: it is enrolled, not bought', () => {
    spec.when(add('c3', { free: true })).thenThrows({ code: 'COURSE_IS_FREE', status: 409 });
  });

  it('holds at most 50 courses', () => {
    const full = spec.given(Array.from({ length: 50 }, (_, i) => added(`c${i}`)));
    full.when(add('c50')).thenThrows({ code: 'CART_FULL', status: 409 });
    spec
      .given(Array.from({ length: 49 }, (_, i) => added(`c${i}`)))
      .when(add('c49'))
      .then((events) => expect(events).toHaveLength(1));
  });

  it('removes an item; removing one that is not there decides nothing', () => {
    withTwo.when({ type: 'RemoveFromCart', userId: 'u1', courseId: 'c1', now: T0 }).then((events, state) => {
      expect(events).toEqual([{ type: 'CartItemRemoved', data: { userId: 'u1', courseId: 'c1', removedAt: T0 } }]);
      expect(state.items).toEqual(['c2']);
    });
    withTwo.when({ type: 'RemoveFromCart', userId: 'u1', courseId: 'c9', now: T0 }).thenNothingHappened();
    spec.when({ type: 'RemoveFromCart', userId: 'u1', courseId: 'c1', now: T0 }).thenNothingHappened();
  });

  it('empties only the purchased courses after payment, once', () => {
    const withThree = withTwo.given([added('c3')]);
    const purchase = {
      type: 'EmptyCartAfterPurchase',
      userId: 'u1',
      orderId: 'o1',
      courseIds: ['c1', 'c3', 'c9'],
      now: T0,
    } as const;
    const { events, state } = withThree
      .when(purchase)
      .then([{ type: 'CartEmptied', data: { userId: 'u1', orderId: 'o1', courseIds: ['c1', 'c3'], emptiedAt: T0 } }]);
    expect(state.items).toEqual(['c2']);
    withThree.given(events).when(purchase).thenNothingHappened();
  });

  it('lets a removed course be added again', () => {
    withTwo
      .given([{ type: 'CartItemRemoved', data: { userId: 'u1', courseId: 'c1', removedAt: T0 } }])
      .when(add('c1'))
      .then((_, state) => expect(state.items).toEqual(['c2', 'c1']));
  });
});
