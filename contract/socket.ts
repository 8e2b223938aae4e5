import type { ErrorBody } from './errors';
import type { MediaError, MediaKind, MediaStatus } from './media';
import type { MessagesSince, MessageType, MessageView } from './messaging';
import type { NotificationsSince, PushedNotification } from './notifications';

/**
 * The socket.io events of spec part 2 §4 (backend/modules/realtime/README.md). Server pushes carry an
 * `id` where a client must drop repeats; resumable ones (new_message, notification) a `cursor`.
 */

/** `new_message` (backend/projections/messaging/pushes.ts newMessagePush): the message as sent. */
export interface NewMessagePush {
  id: string;
  conversationId: string;
  senderId: string;
  receiverId: string;
  content: string;
  messageType: MessageType;
  replyToId: string | null;
  replyTo: { id: string; senderId: string; content: string; messageType: MessageType } | null;
  mediaId: string | null;
  /** Log position of the message. */
  position: string;
  createdAt: string;
  isDelivered: boolean;
  isRead: boolean;
  /** Per viewer; nobody has starred a new message. */
  isStarred: boolean;
  /** Where a reconnecting client resumes (`sync { after: cursor }`). */
  cursor: string;
}

/** `messages_read` / `messages_delivered` (pushes.ts receiptPush), for both members. */
export interface ReceiptPush {
  id: string;
  conversationId: string;
  userId: string;
  upTo: string;
  at: string;
  readerId: string;
}

/** `user_typing` (backend/modules/messaging/socket/messaging.socket-handlers.ts). */
export interface UserTypingPush {
  conversationId: string;
  userId: string;
  isTyping: boolean;
}

/** `user_online` (messaging.socket-handlers.ts presenceChanged). */
export interface UserOnlinePush {
  userId: string;
  isOnline: boolean;
  lastSeen: string | null;
}

/**
 * `notification` (backend/projections/notifications/notifications.projector.ts): a new notification,
 * the unread count after it, and the cursor to resume from.
 */
export interface NotificationPush {
  notification: PushedNotification;
  unreadCount: number;
  cursor: string;
}

/** `unread_count`: the count went down (something was read or deleted). */
export interface UnreadCountPush {
  unreadCount: number;
}

/** `post_updated` (backend/projections/social/pushes.ts postCounts): the shared numbers of a post. */
export interface PostUpdatedPush {
  postId: string;
  deleted: boolean;
  /** Not the text: a client that sees a newer editedAt refetches the post. */
  editedAt: string | null;
  likes: number;
  likeCount: number;
  commentsCount: number;
  commentCount: number;
  reposts: number;
  bookmarks: number;
  poll: { votes: number[]; totalVotes: number } | null;
}

/** `feed_new_posts` (pushes.ts): one entry of authorIds per post. */
export interface FeedNewPostsPush {
  count: number;
  postIds: string[];
  authorIds: string[];
}

/** `media_processed` / `media_failed` (backend/projections/media/pushes.ts mediaOutcomePush). */
export interface MediaOutcomePush {
  id: string;
  mediaId: string;
  kind: MediaKind;
  status: MediaStatus;
  urls: { url: string; posterUrl: string | null };
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  error: MediaError | null;
}

/** `session_ended` (backend/projections/identity/identity.projector.ts): the sockets close after it. */
export interface SessionEndedPush {
  reason: string;
}

/** `error` (backend/modules/realtime/realtime-server.ts): a client event failed. */
export interface SocketErrorPush extends ErrorBody {
  event: string;
}

/** Server push event name → payload. */
/**
 * What of a member's own state the server changed (issue 40): the app fetches those resources again,
 * so no screen waits for a reload (backend/projections/runner/resource-pushes.ts).
 */
export type ChangedResource = 'cart' | 'orders' | 'courses' | 'teaching' | 'account' | 'donations';

/** `resources_changed`: sent once the read model that changed has committed. */
export interface ResourcesChangedPush {
  /** The event's id: a client drops repeats. */
  id: string;
  resources: ChangedResource[];
}

export interface ServerPushes {
  new_message: NewMessagePush;
  messages_read: ReceiptPush;
  messages_delivered: ReceiptPush;
  user_typing: UserTypingPush;
  user_online: UserOnlinePush;
  notification: NotificationPush;
  unread_count: UnreadCountPush;
  post_updated: PostUpdatedPush;
  feed_new_posts: FeedNewPostsPush;
  media_processed: MediaOutcomePush;
  media_failed: MediaOutcomePush;
  session_ended: SessionEndedPush;
  resources_changed: ResourcesChangedPush;
  error: SocketErrorPush;
}

export type ServerPushName = keyof ServerPushes;

/** `send_message` (backend/modules/messaging/http/schemas.ts sendMessageSchema): to a conversation or a member. */
export interface SendMessagePayload {
  content: string;
  messageType?: MessageType;
  replyToId?: string | null;
  conversationId?: string | null;
  receiverId?: string | null;
}

/** No answer beyond `ok`. */
export type NoAnswer = Record<never, never>;

/** Client event name → what it sends and what its acknowledgement carries besides `ok`. */
export interface ClientEvents {
  /** The socket already sits in its member's room; join only confirms it. */
  join: { payload: string | { userId: string }; ack: { userId: string } };
  send_message: { payload: SendMessagePayload; ack: { message: MessageView } };
  typing: { payload: { conversationId: string; userId?: string; isTyping: boolean }; ack: NoAnswer };
  mark_messages_read: { payload: { conversationId: string; userId?: string }; ack: { readUpTo: string | null } };
  view_conversation: { payload: { conversationId: string | null }; ack: { conversationId: string | null } };
  /** After a reconnect: messages sent or received since the cursor of the last new_message seen. */
  sync: { payload: { after: string }; ack: MessagesSince };
  /** After a reconnect: notifications since the last `notification` push seen (empty cursor: from the start). */
  sync_notifications: { payload: { after: string }; ack: NotificationsSince };
  /** At most 100 ids at a time, 500 per connection. */
  watch_posts: { payload: { postIds: string[] }; ack: { watching: number } };
  unwatch_posts: { payload: { postIds: string[] }; ack: NoAnswer };
  watch_feed: { payload: Record<string, never>; ack: NoAnswer };
  unwatch_feed: { payload: Record<string, never>; ack: NoAnswer };
  /** While the support page is on screen: `resources_changed` with `donations` when its figures change. */
  watch_support: { payload: Record<string, never>; ack: NoAnswer };
  unwatch_support: { payload: Record<string, never>; ack: NoAnswer };
}

export type ClientEventName = keyof ClientEvents;
export type ClientPayload<E extends ClientEventName> = ClientEvents[E]['payload'];

/** Every acknowledgement: `{ ok: true, ...answer }` or `{ ok: false, error, message, code }`. */
export type SocketAck<T> = ({ ok: true } & T) | ({ ok: false } & ErrorBody);
export type ClientAck<E extends ClientEventName> = SocketAck<ClientEvents[E]['ack']>;
