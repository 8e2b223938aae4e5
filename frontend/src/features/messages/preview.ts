import type { ConversationView, MessageType } from './types';

/** The key of a media message's label; a text message shows its own words. */
export const MEDIA_LABEL_KEYS = {
  image: 'messages.preview.image',
  video: 'messages.preview.video',
  audio: 'messages.preview.audio',
} as const satisfies Record<Exclude<MessageType, 'text'>, string>;

export type PreviewKey = (typeof MEDIA_LABEL_KEYS)[keyof typeof MEDIA_LABEL_KEYS] | 'messages.preview.none';

/**
 * The list's last-message line by type: text as written (first line), a label for image, video and
 * voice (with the caption when there is one); `mine` says whether to put "You: " before it.
 */
export function previewOf(
  conversation: Pick<ConversationView, 'lastMessage'>,
  viewerId: string,
): { key: PreviewKey | null; text: string; mine: boolean } {
  const last = conversation.lastMessage;
  if (!last) return { key: 'messages.preview.none', text: '', mine: false };
  const mine = last.senderId === viewerId;
  const text = last.content.split('\n')[0]!.trim();
  if (last.messageType === 'text') return { key: null, text, mine };
  return { key: MEDIA_LABEL_KEYS[last.messageType], text, mine };
}

/** The list's search: name or username containing the text, case-insensitive (§2 Messages). */
export function filterConversations<C extends Pick<ConversationView, 'user'>>(list: readonly C[], query: string): C[] {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return [...list];
  return list.filter(
    ({ user }) => user.name.toLocaleLowerCase().includes(q) || (user.username ?? '').toLocaleLowerCase().includes(q),
  );
}
