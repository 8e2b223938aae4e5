import type { CartEvent } from '@modules/learning/events';

import { defineProjector } from '../runner';
import {
  CART_MEMBERSHIP,
  CART_MEMBERSHIP_PROJECTOR,
  cartMembershipCollection,
  type CartMembershipDoc,
  cartMembershipId,
} from './docs';

/** Which courses are in whose cart, for the course page's "in cart" state; the cart itself is another read model. */
export const cartMembershipProjector = defineProjector<CartEvent>({
  name: CART_MEMBERSHIP_PROJECTOR,
  version: 1,
  collections: [cartMembershipCollection],
  on: {
    async CartItemAdded({ data }, ctx) {
      await ctx
        .collection<CartMembershipDoc>(CART_MEMBERSHIP)
        .upsert({ id: cartMembershipId(data.userId, data.courseId), userId: data.userId, courseId: data.courseId });
    },
    async CartItemRemoved({ data }, ctx) {
      await ctx.collection(CART_MEMBERSHIP).delete(cartMembershipId(data.userId, data.courseId));
    },
    async CartEmptied({ data }, ctx) {
      await ctx.collection(CART_MEMBERSHIP).deleteMany(data.courseIds.map((c) => cartMembershipId(data.userId, c)));
    },
  },
});
