import { type Decider, DomainError } from '@platform/decider/decider';

import type { CartEvent } from '../events';
import { LEARNING_LIMITS, LEARNING_MESSAGES as M } from '../limits';
import { courseNotFound } from './course.decider';

/** The course ids in a member's cart, in the order they were added. */
export interface CartState {
  items: string[];
}

/**
 * What the decider needs to know about the course, read by the service from the course and the
 * member's enrolment streams: published (false for unknown or unlisted courses), free, and already
 * owned (enrolled, or the member's own course).
 */
export interface CartCourseFacts {
  published: boolean;
  free: boolean;
  owned: boolean;
}

export type CartCommand =
  | { type: 'AddToCart'; userId: string; courseId: string; course: CartCourseFacts; now: string }
  | { type: 'RemoveFromCart'; userId: string; courseId: string; now: string }
  | { type: 'EmptyCartAfterPurchase'; userId: string; orderId: string; courseIds: readonly string[]; now: string };

/**
 * A member's cart of paid courses. Removing what is not there, or emptying after a purchase whose
 * courses already left, decides nothing: both are repeated safely (a retried DELETE, a webhook
 * delivered twice).
 */
export const cartDecider: Decider<CartState, CartCommand, CartEvent> = {
  initialState: () => ({ items: [] }),
  evolve(state, event) {
    switch (event.type) {
      case 'CartItemAdded':
        return { items: [...state.items, event.data.courseId] };
      case 'CartItemRemoved':
        return { items: state.items.filter((id) => id !== event.data.courseId) };
      case 'CartEmptied':
        return { items: state.items.filter((id) => !event.data.courseIds.includes(id)) };
    }
  },
  decide(state, command) {
    switch (command.type) {
      case 'AddToCart': {
        const { course, courseId, userId } = command;
        // An unpublished course is answered exactly like an unknown one: drafts are not revealed.
        if (!course.published) throw courseNotFound();
        if (course.owned) throw new DomainError('ALREADY_OWNED', M.alreadyOwned, 409);
        if (state.items.includes(courseId)) throw new DomainError('ALREADY_IN_CART', M.alreadyInCart, 409);
        // Nothing to pay for: the course button enrols instead (spec §4), and a zero-priced order
        // would ask a payment provider for nothing.
        if (course.free) throw new DomainError('COURSE_IS_FREE', M.freeNotForCart, 409);
        if (state.items.length >= LEARNING_LIMITS.cartMax) throw new DomainError('CART_FULL', M.cartFull, 409);
        return [{ type: 'CartItemAdded', data: { userId, courseId, addedAt: command.now } }];
      }
      case 'RemoveFromCart':
        if (!state.items.includes(command.courseId)) return [];
        return [
          {
            type: 'CartItemRemoved',
            data: { userId: command.userId, courseId: command.courseId, removedAt: command.now },
          },
        ];
      case 'EmptyCartAfterPurchase': {
        const courseIds = state.items.filter((id) => command.courseIds.includes(id));
        if (courseIds.length === 0) return [];
        return [
          {
            type: 'CartEmptied',
            data: { userId: command.userId, orderId: command.orderId, courseIds, emptiedAt: command.now },
          },
        ];
      }
    }
  },
};
