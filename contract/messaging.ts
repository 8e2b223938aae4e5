import type { MediaKind, MediaStatus } from './media';

/** backend/modules/messaging/events.ts MESSAGE_TYPES. */
export type MessageType = 'text' | 'image' | 'video' | 'audio';

/** A member as a message shows them ('Deleted member' when gone). */
export interface MessagePerson {
  id: string;
  name: string;
  profileImage: string | null;
}

export interface MessageReplyTo {
  id: string;
  content: string;
  messageType: MessageType;
  sender: MessagePerson;
}

/** The file of an image, video or audio message; url and poster are usable once status is 'ready'. */
export interface MessageMedia {
  id: string;
  /** The media item's kind; the message type while the media read model does not show the item yet. */
  kind: MediaKind | MessageType;
  status: MediaStatus;
  url: string | null;
  posterUrl: string | null;
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
}

/** Spec part 2 §3 Message, as the viewer sees it (backend/modules/messaging/views.ts messageView). */
export interface MessageView {
  id: string;
  conversationId: string;
  senderId: string;
  receiverId: string;
  content: string;
  messageType: MessageType;
  replyToId: string | null;
  replyTo: MessageReplyTo | null;
  sender: MessagePerson;
  media: MessageMedia | null;
  createdAt: string;
  isRead: boolean;
  isDelivered: boolean;
  isStarred: boolean;
}

/** The other member of a conversation, with presence. */
export interface ConversationPartner {
  id: string;
  name: string;
  username: string | null;
  profileImage: string | null;
  isOnline: boolean;
  lastSeen: string | null;
  isVerified: boolean;
}

export interface ConversationLastMessage {
  id: string;
  messageType: MessageType;
  content: string;
  senderId: string;
}

/** Spec part 2 §3 Conversation (views.ts conversationView). */
export interface ConversationView {
  id: string;
  user: ConversationPartner;
  unreadCount: number;
  lastUpdated: string;
  lastMessage: ConversationLastMessage | null;
  isMuted: boolean;
  isArchived: boolean;
}

/** `GET /api/conversations` (backend/modules/messaging/queries/conversations.queries.ts `list`). */
export interface ConversationsPage {
  conversations: ConversationView[];
  nextCursor: string | null;
}

/** `GET /api/conversations/{id}/messages` (conversations.query.ts `messagePage`). */
export interface MessagesPage {
  messages: MessageView[];
  hasMore: boolean;
  nextCursor: string | null;
}

/** The `sync { after }` answer: messages after the cursor, oldest first (conversations.query.ts `messagesSince`). */
export interface MessagesSince {
  messages: MessageView[];
  hasMore: boolean;
  cursor: string;
}
