import type { ClientEventName, MessageView, NotificationView, ServerPushes, ServerPushName } from '@contract';

export type {
  ClientAck,
  ClientEventName,
  ClientEvents,
  ClientPayload,
  FeedNewPostsPush,
  MediaOutcomePush,
  NewMessagePush,
  NotificationPush,
  PostUpdatedPush,
  ResourcesChangedPush,
  ServerPushes,
  ServerPushName,
  UnreadCountPush,
} from '@contract';

/**
 * Event names on the socket (spec part 2 §4, backend/modules/realtime/README.md; the payloads are in
 * contract/socket.ts). Server → client pushes carry an `id` so a client drops duplicates and resumes
 * after a reconnect.
 */
export const SOCKET_EVENTS = {
  // received
  newMessage: 'new_message',
  messagesRead: 'messages_read',
  messagesDelivered: 'messages_delivered',
  userTyping: 'user_typing',
  userOnline: 'user_online',
  notification: 'notification',
  unreadCount: 'unread_count',
  postUpdated: 'post_updated',
  feedNewPosts: 'feed_new_posts',
  mediaProcessed: 'media_processed',
  mediaFailed: 'media_failed',
  sessionEnded: 'session_ended',
  resourcesChanged: 'resources_changed',
  error: 'error',
  // sent
  join: 'join',
  sendMessage: 'send_message',
  typing: 'typing',
  markMessagesRead: 'mark_messages_read',
  viewConversation: 'view_conversation',
  sync: 'sync',
  syncNotifications: 'sync_notifications',
  watchPosts: 'watch_posts',
  unwatchPosts: 'unwatch_posts',
  watchFeed: 'watch_feed',
  unwatchFeed: 'unwatch_feed',
  watchSupport: 'watch_support',
  unwatchSupport: 'unwatch_support',
} as const satisfies Record<string, ServerPushName | ClientEventName>;

/** A notification missed while the socket was down, replayed from `sync_notifications` as a `notification`. */
export interface ReplayedNotificationPush {
  notification: NotificationView;
  unreadCount: number;
  cursor: string | null;
  replayed: true;
}

/** A message missed while the socket was down, replayed from `sync` as a `new_message`. */
export type ReplayedMessagePush = MessageView & { cursor: string };

/**
 * What a subscriber receives per event: the server's pushes, and for the resumable ones also what a
 * sync after a reconnect replays under the same name.
 */
export type ReceivedPushes = Omit<ServerPushes, 'notification' | 'new_message'> & {
  notification: ServerPushes['notification'] | ReplayedNotificationPush;
  new_message: ServerPushes['new_message'] | ReplayedMessagePush;
};

export type ReceivedPushName = keyof ReceivedPushes;
