/**
 * A member's inbox stream (`inbox-<userId>`): what they did with their notifications. The
 * notifications themselves are derived from other contexts' events by the projector.
 */
export type InboxEvent =
  | { type: 'NotificationRead'; data: { notificationId: string; at: string } }
  | { type: 'AllNotificationsRead'; data: { at: string } }
  | { type: 'NotificationDeleted'; data: { notificationId: string; at: string } };

export const inboxStream = (userId: string) => `inbox-${userId}`;
