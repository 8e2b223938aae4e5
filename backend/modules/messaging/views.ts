import type { ConversationView, MessageView } from '@contract';
import type { ConversationDoc, MessageDoc } from '@projections/messaging';

import type { MediaView } from '../media';
import type { Author } from '../profiles';
import type { PresenceStatus } from '../realtime';

const person = (id: string, a: Author | undefined) => ({
  id,
  name: a?.name ?? 'Deleted member',
  profileImage: a?.profileImage ?? null,
});

/** Spec part 2 §3 Message, as the viewer sees it. */
export function messageView(
  m: MessageDoc,
  viewerId: string,
  authors: Map<string, Author>,
  media: Map<string, MediaView> = new Map(),
): MessageView {
  const file = m.mediaId ? media.get(m.mediaId) : undefined;
  return {
    id: m.id,
    conversationId: m.conversationId,
    senderId: m.senderId,
    receiverId: m.receiverId,
    content: m.content,
    messageType: m.messageType,
    replyToId: m.replyToId,
    replyTo: m.replyTo
      ? {
          id: m.replyTo.id,
          content: m.replyTo.content,
          messageType: m.replyTo.messageType,
          sender: person(m.replyTo.senderId, authors.get(m.replyTo.senderId)),
        }
      : null,
    sender: person(m.senderId, authors.get(m.senderId)),
    // The file of an image, video or audio message; url and poster are usable once status is 'ready'.
    media: m.mediaId
      ? {
          id: m.mediaId,
          kind: file?.kind ?? m.messageType,
          status: file?.status ?? 'processing',
          url: file?.url ?? null,
          posterUrl: file?.posterUrl ?? null,
          durationSeconds: file?.durationSeconds ?? null,
          width: file?.width ?? null,
          height: file?.height ?? null,
        }
      : null,
    createdAt: m.createdAt,
    isRead: m.isRead,
    isDelivered: m.isDelivered,
    isStarred: m.starredBy.includes(viewerId),
  };
}
export type { ConversationView, MessageView };

/** Spec part 2 §3 Conversation: the other member, with presence, and the viewer's own settings. */
export function conversationView(
  c: ConversationDoc,
  viewerId: string,
  authors: Map<string, Author>,
  presence: Map<string, PresenceStatus>,
): ConversationView {
  const otherId = c.participants.find((p) => p !== viewerId) ?? viewerId;
  const other = authors.get(otherId);
  const status = presence.get(otherId);
  const side = c.members[viewerId];
  return {
    id: c.id,
    user: {
      id: otherId,
      name: other?.name ?? 'Deleted member',
      username: other?.username ?? null,
      profileImage: other?.profileImage ?? null,
      isOnline: status?.isOnline ?? false,
      lastSeen: status?.lastSeen ?? null,
      isVerified: other?.isVerified ?? false,
    },
    unreadCount: side?.unreadCount ?? 0,
    lastUpdated: c.lastUpdated,
    lastMessage: c.lastMessage
      ? {
          id: c.lastMessage.id,
          messageType: c.lastMessage.messageType,
          content: c.lastMessage.content,
          senderId: c.lastMessage.senderId,
        }
      : null,
    isMuted: side?.isMuted ?? false,
    isArchived: side?.isArchived ?? false,
  };
}
