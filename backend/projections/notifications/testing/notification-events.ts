import type { NewEvent } from '@platform/event-store/event-store.port';
import type { Doc } from '@platform/read-store/read-store.port';
import { buildProjectors, type ProjectorDeps } from '@projections/index';

import { type GivenEvent, inStream, projectionSpec, projectorDeps } from '../../runner/testing/projection-spec';

// The members, posts and conversation of the notifications projector's tests (notifications.*.test.ts),
// and the events that make them.

export { NOTIFICATIONS } from '../docs';
export interface Notification extends Doc {
  userId: string;
  actorId: string;
  type: string;
  category: string;
  targetId: string | null;
  targetType: string | null;
  content: string;
  isRead: boolean;
}

export const A = '0190d7c4-0000-7000-8000-00000000000a';
export const B = '0190d7c4-0000-7000-8000-00000000000b';
export const C = '0190d7c4-0000-7000-8000-00000000000c';
export const P = '0190d7c4-0000-7000-8000-0000000000f1';
export const Q = '0190d7c4-0000-7000-8000-0000000000f2';
export const CONV = '0190d7c4-0000-7000-8000-0000000000c1';
export const AT = '2026-01-01T00:00:00.000Z';

export const notifications = (deps: ProjectorDeps) => buildProjectors(deps).find((p) => p.name === 'notifications')!;
export const spec = () => projectionSpec(notifications, projectorDeps);

const registered = (userId: string, username: string) =>
  inStream(`user-${userId}`, {
    type: 'UserRegistered',
    data: { userId, username, role: 'member', sealed: 'x', registeredAt: AT },
  });
export const members = [...registered(A, 'Amina'), ...registered(B, 'bilal'), ...registered(C, 'chadia')];
export const post = (postId: string, userId: string, over: Record<string, unknown> = {}) =>
  inStream(`post-${postId}`, {
    type: 'PostCreated',
    data: {
      postId,
      userId,
      type: 'text',
      content: `post ${postId}`,
      hashtags: [],
      mentions: [],
      poll: null,
      quotedPostId: null,
      imageCaptions: [],
      limited: false,
      createdAt: AT,
      ...over,
    },
  });
export const onPost = (postId: string, type: string, data: Record<string, unknown>) =>
  inStream(`post-${postId}`, { type, data: { postId, at: AT, ...data } });
export const comment = (commentId: string, postId: string, userId: string, over: Record<string, unknown> = {}) =>
  inStream(`comment-${commentId}`, {
    type: 'CommentAdded',
    data: {
      commentId,
      postId,
      userId,
      content: 'JazakAllah',
      hashtags: [],
      mentions: [],
      limited: false,
      createdAt: AT,
      ...over,
    },
  });
export const relationship = (type: string, data: Record<string, unknown>) =>
  inStream(`relationship-${A}-${B}`, { type, data: { at: AT, ...data } });
export const message = (
  messageId: string,
  senderId: string,
  receiverId: string,
  over: Record<string, unknown> = {},
): GivenEvent[] =>
  inStream(`message-${messageId}`, {
    type: 'MessageSent',
    data: {
      messageId,
      conversationId: CONV,
      senderId,
      receiverId,
      content: 'Salaam',
      messageType: 'text',
      replyToId: null,
      mediaId: null,
      recipientViewing: false,
      sentAt: AT,
      ...over,
    },
  });
export const conversation = (type: string, data: Record<string, unknown>) =>
  inStream(`conversation-${CONV}`, { type, data: { conversationId: CONV, ...data } });
export const inbox = (userId: string, ...events: NewEvent[]) => inStream(`inbox-${userId}`, ...events);
export const ids = (docs: Notification[]) => docs.map((n) => n.id).sort();
