import { type Decider, DomainError } from '../../../src/platform/decider/decider';
import type { ConversationEvent, MessageEvent, MessageType } from '../events';
import { MAX_MESSAGE_LENGTH } from '../limits';

export interface ConversationState {
  id: string | null;
  participants: string[];
  muted: Record<string, boolean>;
  archived: Record<string, boolean>;
  deliveredUpTo: Record<string, string>;
  readUpTo: Record<string, string>;
}

export type ConversationCommand =
  | { type: 'Start'; conversationId: string; by: string; with: string; now: string }
  | { type: 'SetMuted'; userId: string; muted: boolean }
  | { type: 'SetArchived'; userId: string; archived: boolean }
  | { type: 'MarkDelivered'; userId: string; upTo: string; now: string }
  | { type: 'MarkRead'; userId: string; upTo: string; now: string }
  | {
      type: 'Send';
      messageId: string;
      senderId: string;
      content: string;
      messageType: MessageType;
      replyToId: string | null;
      /** The attached file as the media module sniffed it (image, video or audio messages). */
      media: { id: string; kind: string } | null;
      /** Whether either member blocks the other, looked up by the caller. */
      blocked: boolean;
      /** Whether the recipient had this conversation open when it was sent (no notification then). */
      recipientViewing: boolean;
      now: string;
    };

export const CONVERSATION_NOT_FOUND = () => new DomainError('CONVERSATION_NOT_FOUND', 'Conversation not found', 404);
export const NOT_A_PARTICIPANT = () =>
  new DomainError('NOT_A_PARTICIPANT', 'You are not part of this conversation', 403);
export const BLOCKED = () => new DomainError('BLOCKED', 'You cannot message this user', 403);

function assertParticipant(state: ConversationState, userId: string) {
  if (!state.id) throw CONVERSATION_NOT_FOUND();
  if (!state.participants.includes(userId)) throw NOT_A_PARTICIPANT();
}

/** Content rules of a message: trimmed, not blank (unless a file carries it), at most 5,000 characters. */
export function checkContent(content: string, allowBlank = false): string {
  const trimmed = content.trim();
  if (!trimmed && !allowBlank) throw new DomainError('EMPTY_MESSAGE', 'Message content cannot be empty', 400);
  if (trimmed.length > MAX_MESSAGE_LENGTH) {
    throw new DomainError('MESSAGE_TOO_LONG', `Message must be ${MAX_MESSAGE_LENGTH} characters or less`, 400);
  }
  return trimmed;
}

/** A text message carries no file; an image, video or audio message carries one file of that kind. */
function checkMedia(messageType: MessageType, media: { kind: string } | null) {
  if (messageType === 'text') {
    if (media)
      throw new DomainError('MEDIA_TYPE_MISMATCH', `The attached ${media.kind} needs messageType ${media.kind}`, 400);
    return;
  }
  if (!media)
    throw new DomainError('MEDIA_REQUIRED', `${capitalised(withArticle(messageType))} message needs a file`, 400);
  if (media.kind !== messageType)
    throw new DomainError(
      'MEDIA_TYPE_MISMATCH',
      `The attached file is ${withArticle(media.kind)}, not ${withArticle(messageType)}`,
      400,
    );
}

const withArticle = (word: string) => `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The conversation aggregate. Send is decided on the conversation's state (participants, blocks)
 * but its MessageSent is appended to the message's own stream by the caller; the participants
 * never change after the start, so that decision cannot go stale.
 */
export const conversationDecider: Decider<ConversationState, ConversationCommand, ConversationEvent | MessageEvent> = {
  initialState: () => ({ id: null, participants: [], muted: {}, archived: {}, deliveredUpTo: {}, readUpTo: {} }),

  evolve(state, event) {
    switch (event.type) {
      case 'ConversationStarted':
        return { ...state, id: event.data.conversationId, participants: [...event.data.participants] };
      case 'ConversationMuted':
        return { ...state, muted: { ...state.muted, [event.data.userId]: event.data.muted } };
      case 'ConversationArchived':
        return { ...state, archived: { ...state.archived, [event.data.userId]: event.data.archived } };
      case 'MessagesDelivered':
        return { ...state, deliveredUpTo: { ...state.deliveredUpTo, [event.data.userId]: event.data.upTo } };
      case 'MessagesRead': {
        // Reading implies delivery.
        const { userId, upTo } = event.data;
        return {
          ...state,
          readUpTo: { ...state.readUpTo, [userId]: upTo },
          deliveredUpTo: { ...state.deliveredUpTo, [userId]: upTo },
        };
      }
      default:
        return state;
    }
  },

  decide(state, command) {
    const conversationId = state.id!;
    switch (command.type) {
      case 'Start': {
        if (command.by === command.with) throw new DomainError('SELF_CONVERSATION', 'You cannot message yourself', 422);
        if (state.id) return [];
        const participants = [command.by, command.with].sort() as [string, string];
        return [
          {
            type: 'ConversationStarted',
            data: {
              conversationId: command.conversationId,
              participants,
              startedBy: command.by,
              startedAt: command.now,
            },
          },
        ];
      }
      case 'SetMuted':
        assertParticipant(state, command.userId);
        if (!!state.muted[command.userId] === command.muted) return [];
        return [{ type: 'ConversationMuted', data: { conversationId, userId: command.userId, muted: command.muted } }];
      case 'SetArchived':
        assertParticipant(state, command.userId);
        if (!!state.archived[command.userId] === command.archived) return [];
        return [
          {
            type: 'ConversationArchived',
            data: { conversationId, userId: command.userId, archived: command.archived },
          },
        ];
      // Which of two messages is later is the log's to say, not their ids' (an id is made before
      // its append): the decider only refuses to mark the same message twice, and the projector
      // ignores a mark that does not move forward in the log.
      case 'MarkDelivered':
        assertParticipant(state, command.userId);
        if (state.deliveredUpTo[command.userId] === command.upTo) return [];
        return [
          {
            type: 'MessagesDelivered',
            data: { conversationId, userId: command.userId, upTo: command.upTo, at: command.now },
          },
        ];
      case 'MarkRead':
        assertParticipant(state, command.userId);
        if (state.readUpTo[command.userId] === command.upTo) return [];
        return [
          {
            type: 'MessagesRead',
            data: { conversationId, userId: command.userId, upTo: command.upTo, at: command.now },
          },
        ];
      case 'Send': {
        assertParticipant(state, command.senderId);
        if (command.blocked) throw BLOCKED();
        checkMedia(command.messageType, command.media);
        const content = checkContent(command.content, command.media !== null);
        const receiverId = state.participants.find((p) => p !== command.senderId)!;
        return [
          {
            type: 'MessageSent',
            data: {
              messageId: command.messageId,
              conversationId,
              senderId: command.senderId,
              receiverId,
              content,
              messageType: command.messageType,
              replyToId: command.replyToId,
              mediaId: command.media?.id ?? null,
              recipientViewing: command.recipientViewing,
              sentAt: command.now,
            },
          },
        ];
      }
    }
  },
};
