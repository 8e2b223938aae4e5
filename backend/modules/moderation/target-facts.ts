import type { UserEvent } from '@modules/identity';
import type { MessageSentData } from '@modules/messaging';
import type { CommentEvent } from '@modules/social';

import type { EventStore } from '../../src/platform/event-store/event-store.port';

/**
 * What the moderation commands need to know of a target, read from its stream in the log (never a
 * read model): whether it exists and is not gone, and whose it is.
 */
export async function commentFacts(eventStore: EventStore, commentId: string) {
  const events = (await eventStore.readStream(`comment-${commentId}`)) as unknown as CommentEvent[];
  const added = events.find((e) => e.type === 'CommentAdded');
  if (!added || added.type !== 'CommentAdded' || events.some((e) => e.type === 'CommentDeleted')) return null;
  return { authorId: added.data.userId, postId: added.data.postId, content: added.data.content };
}

export async function memberFacts(eventStore: EventStore, userId: string) {
  const events = (await eventStore.readStream(`user-${userId}`)) as unknown as UserEvent[];
  const registered = events.find((e) => e.type === 'UserRegistered');
  if (!registered || events.some((e) => e.type === 'AccountDeleted')) return null;
  return { userId };
}

export async function messageFacts(eventStore: EventStore, messageId: string): Promise<MessageSentData | null> {
  const events = await eventStore.readStream(`message-${messageId}`);
  const sent = events.find((e) => e.type === 'MessageSent');
  return sent ? (sent.data as MessageSentData) : null;
}
