import type {
  ConversationPartner,
  ConversationsPage,
  ConversationView,
  MessagesPage,
  MessageType,
  MessageView,
} from '@contract';

export type { ConversationPartner, ConversationsPage, ConversationView, MessagesPage, MessageType, MessageView };

/** §9: the New Message dialog searches from this many characters (backend messaging/limits.ts USER_SEARCH_MIN). */
export const USER_SEARCH_MIN = 3;
/** §9: a new avatar and time label start when the gap to the previous message exceeds 5 minutes. */
export const GROUP_GAP_MS = 5 * 60 * 1000;
/** The server refuses longer messages (messaging/limits.ts MAX_MESSAGE_LENGTH). */
export const MAX_MESSAGE_LENGTH = 5000;
/** §5/§9: the largest file a member may attach (50 MB). */
export const MAX_ATTACHMENT_BYTES = 50 * 1024 * 1024;
/** After this long without a keystroke the member has stopped typing. */
export const TYPING_IDLE_MS = 3000;
/** A typing indicator whose "stopped" never came (the other side went away) is dropped after this. */
export const TYPING_SHOWN_MS = 6000;

/** A member found by `GET /api/users/search`. */
export interface MemberHit {
  id: string;
  name: string;
  username: string | null;
  profileImage: string | null;
  isVerified: boolean;
  isOnline: boolean;
}

/**
 * What the composer sends: text, or a file with an optional caption — a photo or video already sent
 * through the media uploader (`upload`), or a voice note recorded in the browser (`file`).
 */
export interface Outgoing {
  content: string;
  messageType: MessageType;
  replyTo: MessageView | null;
  file?: File;
  upload?: { mediaId: string; name: string };
}

/** A message on its way (optimistic): shown at once, replaced by the server's when it is sent. */
export interface PendingMessage extends Outgoing {
  tempId: string;
  conversationId: string;
  /** Always the member sending it. */
  senderId: string;
  createdAt: string;
  status: 'sending' | 'failed';
  /** Why the server refused it, when it said. */
  error?: string;
}
