import type { MessageType } from '@modules/messaging/events';
import type { CollectionSpec } from '@platform/read-store/read-store.port';

export const CONVERSATIONS = 'conversations';
export const MESSAGES = 'messages';
/** Members by name and username, for the New Message dialog's search. */
export const MEMBER_DIRECTORY = 'member_directory';
export const MEMBER_NAMES = 'member_names';

/** A message's place in the log. */
export interface LogPlace {
  id: string;
  position: string;
}

export interface MemberSide {
  unreadCount: number;
  isMuted: boolean;
  isArchived: boolean;
  /** The last message marked delivered / read (ids) and its log position, which orders marks. */
  deliveredUpTo: string;
  deliveredPosition: string;
  readUpTo: string;
  readPosition: string;
  /**
   * Received messages not yet delivered, in log order, so marking delivery (once per message
   * while the recipient is online) needs no query. Past PENDING_MAX the read model is asked instead.
   */
  undelivered: LogPlace[];
  undeliveredOverflow: boolean;
}

export const PENDING_MAX = 200;

export interface ConversationDoc {
  id: string;
  [key: string]: unknown;
  participants: string[];
  startedAt: string;
  lastUpdated: string;
  lastMessage: { id: string; messageType: MessageType; content: string; senderId: string; createdAt: string } | null;
  /** Each participant's own view: unread count, mute, archive, how far they have received and read. */
  members: Record<string, MemberSide>;
}

export interface MessageDoc {
  id: string;
  [key: string]: unknown;
  conversationId: string;
  participants: string[];
  senderId: string;
  receiverId: string;
  content: string;
  messageType: MessageType;
  replyToId: string | null;
  replyTo: { id: string; senderId: string; content: string; messageType: MessageType } | null;
  /** The file of an image, video or audio message (media module id). */
  mediaId: string | null;
  /**
   * Log position of its MessageSent. Ids are made before the append, so two messages can commit
   * in the other order; catch-up and read marks follow the log, never the id.
   */
  position: string;
  createdAt: string;
  isDelivered: boolean;
  isRead: boolean;
  starredBy: string[];
}

export interface MemberNameDoc {
  id: string;
  [key: string]: unknown;
  username: string;
  displayName: string;
}

export const conversationsCollection: CollectionSpec = {
  name: CONVERSATIONS,
  arrayFields: ['participants'],
};

export const messagesCollection: CollectionSpec = {
  name: MESSAGES,
  indexes: [
    { fields: ['conversationId'] },
    { fields: ['conversationId'], sort: { field: 'position' } },
    { fields: ['conversationId', 'receiverId'], sort: { field: 'position' } },
    { fields: ['conversationId', 'receiverId', 'isRead'] },
    { fields: ['senderId'] },
    // A member's catch-up after a reconnect (sync): what they received and sent, in log order.
    { fields: ['receiverId'], sort: { field: 'position' } },
    { fields: ['senderId'], sort: { field: 'position' } },
  ],
  arrayFields: ['participants'],
};

export const memberNamesCollection: CollectionSpec = { name: MEMBER_NAMES };

export const emptySide = (): MemberSide => ({
  unreadCount: 0,
  isMuted: false,
  isArchived: false,
  deliveredUpTo: '',
  deliveredPosition: '',
  readUpTo: '',
  readPosition: '',
  undelivered: [],
  undeliveredOverflow: false,
});

export const MESSAGING_PROJECTOR = 'messaging';
