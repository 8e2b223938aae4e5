/**
 * Event names on the socket (spec part 2 §4, backend/modules/realtime/README.md).
 * Server → client pushes carry an `id` so a client drops duplicates and resumes after a reconnect.
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
} as const;

/** A post's counters changed: `{ postId, likes?, commentsCount?, reposts?, ... }`. */
export interface PostUpdatedPush {
  id?: string;
  postId: string;
  [counter: string]: unknown;
}

/**
 * A new notification (`notification`: `{ notification, unreadCount, cursor }`; `replayed: true` when
 * it is replayed from `sync_notifications` after a reconnect) or a lower count after something was
 * read or deleted (`unread_count`: `{ unreadCount }`).
 */
export interface NotificationPush {
  notification?: Record<string, unknown>;
  unreadCount?: number;
  cursor?: string;
  replayed?: boolean;
}
