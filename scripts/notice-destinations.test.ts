import type { NotificationView } from '@contract';

import { PUSH_CATEGORY_OF, pushPayload } from '../backend/modules/push/push-texts';
import { destinationOf } from '../frontend/src/features/notifications/destination';

/**
 * The server and the web app agree on where a notice leads: a push opens what tapping the same
 * notification in the app opens. They cannot import each other (the boundary table), so the check
 * sits here, above both.
 */
/** The target a notice of each pushed type names, as the notifications projector writes it. */
const TARGET_TYPE: Record<string, string | null> = {
  message: 'conversation',
  voice_message: 'conversation',
  reply: 'conversation',
  community_join_request: 'community',
  community_join_approved: 'community',
  course_sale: 'course',
  course_purchase: 'course',
  course_review: 'course',
  instructor_reply: 'course',
  course_approved: null,
  course_rejected: null,
  order_refunded: 'order',
  course_completed: 'certificate',
};

describe('a notice opens the same screen from a push and from the app', () => {
  it('opens what the app opens for every pushed type (frontend destination.ts)', () => {
    for (const type of Object.keys(PUSH_CATEGORY_OF)) {
      const targetType = type in TARGET_TYPE ? TARGET_TYPE[type]! : PUSH_CATEGORY_OF[type] === 'social' ? 'post' : null;
      const targetId = targetType ? 'id 1' : null;
      const inApp: NotificationView = {
        id: 'n1',
        type,
        category: 'x',
        content: 'c',
        isRead: false,
        createdAt: '2026-11-30T00:00:00.000Z',
        targetId,
        targetType,
        actor: null,
      };
      expect([
        type,
        pushPayload({ notificationId: 'n1', type, targetId, content: 'c', actorName: 'Bilal' }, 'en').url,
      ]).toEqual([type, destinationOf(inApp) ?? '/notifications']);
    }
  });
});
