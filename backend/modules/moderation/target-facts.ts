import type { UserEvent } from '@modules/identity';
import type { MessageSentData } from '@modules/messaging';
import type { CommentEvent } from '@modules/social';

import type { EventStore } from '../../src/platform/event-store/event-store.port';

/**
 * What the moderation commands need to know of a target, read from its stream in the log (never a
 * read model): whether it exists and is not gone, whose it is, and the stream's version (a report
 * keeps it, so moderators can open the target as the reporter saw it).
 */
export async function commentFacts(eventStore: EventStore, commentId: string) {
  const streamId = `comment-${commentId}`;
  const recorded = await eventStore.readStream(streamId);
  const events = recorded as unknown as CommentEvent[];
  const added = events.find((e) => e.type === 'CommentAdded');
  if (!added || added.type !== 'CommentAdded' || events.some((e) => e.type === 'CommentDeleted')) return null;
  return {
    authorId: added.data.userId,
    postId: added.data.postId,
    content: added.data.content,
    history: { streamId, version: recorded.at(-1)!.streamVersion },
  };
}

export async function memberFacts(eventStore: EventStore, userId: string) {
  const streamId = `user-${userId}`;
  const recorded = await eventStore.readStream(streamId);
  const events = recorded as unknown as UserEvent[];
  const registered = events.find((e) => e.type === 'UserRegistered');
  if (!registered || events.some((e) => e.type === 'AccountDeleted')) return null;
  return { userId, history: { streamId, version: recorded.at(-1)!.streamVersion } };
}

export async function messageFacts(
  eventStore: EventStore,
  messageId: string,
): Promise<(MessageSentData & { history: { streamId: string; version: number } }) | null> {
  const streamId = `message-${messageId}`;
  const events = await eventStore.readStream(streamId);
  const sent = events.find((e) => e.type === 'MessageSent');
  return sent
    ? { ...(sent.data as MessageSentData), history: { streamId, version: events.at(-1)!.streamVersion } }
    : null;
}
