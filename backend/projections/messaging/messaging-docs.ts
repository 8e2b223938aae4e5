import type { CollectionSpec } from '../../src/platform/read-store/read-store.port';
import type { MessageType } from '../../modules/messaging/domain/conversation.events';

export const CONVERSATIONS = 'conversations';
export const MESSAGES = 'messages';
/** Members by name and username, for the New Message dialog's search. */
export const MEMBER_DIRECTORY = 'member_directory';
export const MEMBER_NAMES = 'member_names';

export interface MemberSide {
  unreadCount: number;
  isMuted: boolean;
  isArchived: boolean;
  deliveredUpTo: string;
  readUpTo: string;
  /**
   * Ids of received messages not yet delivered, oldest first, so marking delivery (once per message
   * while the recipient is online) needs no query. Past PENDING_MAX the read model is asked instead.
   */
  undelivered: string[];
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
  indexes: [{ fields: ['conversationId'] }, { fields: ['conversationId', 'receiverId', 'isRead'] }, { fields: ['senderId'] }],
  arrayFields: ['participants'],
};

export const memberNamesCollection: CollectionSpec = { name: MEMBER_NAMES };

export const emptySide = (): MemberSide => ({
  unreadCount: 0,
  isMuted: false,
  isArchived: false,
  deliveredUpTo: '',
  readUpTo: '',
  undelivered: [],
  undeliveredOverflow: false,
});
