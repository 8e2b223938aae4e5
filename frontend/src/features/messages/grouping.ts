import { GROUP_GAP_MS } from './types';

/** What grouping needs of a message (sent or still on its way). */
export interface Groupable {
  senderId: string;
  createdAt: string;
}

export interface MessageGroup<M extends Groupable> {
  senderId: string;
  /** When the group's first message was sent. */
  startedAt: string;
  items: M[];
}

/**
 * Spec part 2 §2 Chat view: consecutive messages share one avatar (each shows its own time, and its
 * day is the separator above: days.ts); a new group starts when the sender changes or when more than
 * 5 minutes passed since the previous message.
 */
export function groupMessages<M extends Groupable>(messages: readonly M[], gapMs = GROUP_GAP_MS): MessageGroup<M>[] {
  const groups: MessageGroup<M>[] = [];
  let previous: M | undefined;
  for (const message of messages) {
    const last = groups.at(-1);
    const gap = previous ? Date.parse(message.createdAt) - Date.parse(previous.createdAt) : Infinity;
    if (last && last.senderId === message.senderId && gap <= gapMs) last.items.push(message);
    else groups.push({ senderId: message.senderId, startedAt: message.createdAt, items: [message] });
    previous = message;
  }
  return groups;
}
