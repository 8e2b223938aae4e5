import type { ConversationPartner, ConversationView, MessageView } from '../types';

export const ME = 'u1';
export const PARTNER: ConversationPartner = {
  id: 'u2',
  name: 'Bilal Hassan',
  username: 'bilal',
  profileImage: null,
  isOnline: true,
  lastSeen: null,
  isVerified: false,
};

export function makeConversation(
  overrides: Partial<Omit<ConversationView, 'user'>> & { user?: Partial<ConversationPartner> } = {},
): ConversationView {
  const { user, ...rest } = overrides;
  return {
    id: 'c1',
    user: { ...PARTNER, ...user },
    unreadCount: 0,
    lastUpdated: '2026-01-05T10:00:00.000Z',
    lastMessage: { id: 'm1', messageType: 'text', content: 'Salaam', senderId: PARTNER.id },
    isMuted: false,
    isArchived: false,
    ...rest,
  };
}

let n = 0;
export function makeMessage(overrides: Partial<MessageView> = {}): MessageView {
  n += 1;
  const senderId = overrides.senderId ?? PARTNER.id;
  return {
    id: `m${n}`,
    conversationId: 'c1',
    senderId,
    receiverId: senderId === ME ? PARTNER.id : ME,
    content: `message ${n}`,
    messageType: 'text',
    replyToId: null,
    replyTo: null,
    sender: { id: senderId, name: senderId === ME ? 'Amina' : PARTNER.name, profileImage: null },
    media: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    isRead: false,
    isDelivered: false,
    isStarred: false,
    ...overrides,
  };
}
