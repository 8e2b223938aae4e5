import { createHash } from 'node:crypto';

export const MESSAGE_TYPES = ['text', 'image', 'video', 'audio'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export interface MessageSentData {
  messageId: string;
  conversationId: string;
  senderId: string;
  receiverId: string;
  content: string;
  messageType: MessageType;
  replyToId: string | null;
  /** The file of an image, video or audio message (the media module's id); absent in older events. */
  mediaId?: string | null;
  /** The recipient had the conversation open: no notification (absent in older events: false). */
  recipientViewing?: boolean;
  sentAt: string;
}

/** Events of the conversation stream (`conversation-<id>`): who talks, and each side's settings. */
export type ConversationEvent =
  | {
      type: 'ConversationStarted';
      data: { conversationId: string; participants: [string, string]; startedBy: string; startedAt: string };
    }
  | { type: 'ConversationMuted'; data: { conversationId: string; userId: string; muted: boolean } }
  | { type: 'ConversationArchived'; data: { conversationId: string; userId: string; archived: boolean } }
  /**
   * The member has received / seen every message sent to them up to and including upTo (a message
   * id; "up to" in log order). Appended to upTo's own message stream (older ones are in the
   * conversation stream).
   */
  | { type: 'MessagesDelivered'; data: { conversationId: string; userId: string; upTo: string; at: string } }
  | { type: 'MessagesRead'; data: { conversationId: string; userId: string; upTo: string; at: string } };

/**
 * Events of a message stream (`message-<id>`). Each message is a stream of its own so concurrent
 * senders never conflict on the conversation's version (hundreds of messages a second). When the
 * recipient is connected at send time, a MessagesDelivered for that message follows its MessageSent
 * in the same append, so delivery costs the conversation stream nothing either; later delivered and
 * read marks go into the stream of the message they mark, for the same reason.
 */
export type MessageEvent =
  | { type: 'MessageSent'; data: MessageSentData }
  | { type: 'MessageStarred'; data: { messageId: string; conversationId: string; userId: string; starred: boolean } };

export const CONVERSATION_EVENT_TYPES = [
  'ConversationStarted',
  'ConversationMuted',
  'ConversationArchived',
  'MessagesDelivered',
  'MessagesRead',
] as const;
export const MESSAGE_EVENT_TYPES = ['MessageSent', 'MessageStarred'] as const;

export const conversationStream = (id: string) => `conversation-${id}`;
export const messageStream = (id: string) => `message-${id}`;

/**
 * One conversation per pair of members, whoever starts it: the id is derived from the sorted pair,
 * so two people starting it at once append to the same stream and one of them simply finds it
 * there (no read model is trusted for uniqueness).
 */
export function conversationIdFor(a: string, b: string): string {
  const [x, y] = [a, b].sort();
  const h = createHash('sha256').update(`conversation:${x}:${y}`).digest('hex');
  // Shaped as a UUID (version nibble 8, "custom") so ids look alike everywhere.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h.charAt(16), 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
