import type { RelationshipEvent } from '@modules/relationships/events';

import type { Collection } from '../../src/platform/read-store/read-store.port';
import type { EventsOf } from '../runner';
import type { EdgeDoc } from './docs';
import { allEdges } from './edge-queries';
import { edgeOf } from './relationship-edges';

/**
 * Socket rooms that keep a member's screens from hearing about the posts of the authors they do not
 * see (the home feed's `feed_new_posts`): a socket sits in one room per block or mute edge of its
 * member, named after the other member and the edge's direction, so a push about a post by X goes
 * to the feed room except `hiddenFromRooms(X)`.
 *
 * One room per edge rather than one per hidden author: a block or mute event then says by itself
 * which room its members' sockets join or leave (unmuting a member one also blocks leaves the mute
 * room and stays in the block room), without reading the other edges of the pair.
 */
export type HideReason = 'mute' | 'block' | 'blocked-by';

/** The room of a member who mutes / blocks / is blocked by `otherId`. */
export const hideRoom = (reason: HideReason, otherId: string) => `hides:${reason}:${otherId}`;

/** The rooms whose sockets must not hear about a post by this author. */
export const hiddenFromRooms = (authorId: string): string[] => [
  hideRoom('mute', authorId),
  hideRoom('block', authorId),
  hideRoom('blocked-by', authorId),
];

/** The events that add or remove a block or mute edge. */
export type HidingEvent = EventsOf<RelationshipEvent, 'UserBlocked' | 'UserUnblocked' | 'UserMuted' | 'UserUnmuted'>;

/** What a block or mute event means for the rooms of its members' sockets (nothing for a follow). */
export function hideRoomChanges(e: RelationshipEvent): { memberId: string; room: string; join: boolean }[] {
  const edge = edgeOf(e);
  if (!edge || edge.kind === 'follow') return [];
  const join = e.type === 'UserBlocked' || e.type === 'UserMuted';
  if (edge.kind === 'mute') return [{ memberId: edge.fromId, room: hideRoom('mute', edge.toId), join }];
  return [
    { memberId: edge.fromId, room: hideRoom('block', edge.toId), join },
    { memberId: edge.toId, room: hideRoom('blocked-by', edge.fromId), join },
  ];
}

/** The hide rooms of a member as the edges stand (those a socket joins when it starts watching the feed). */
export async function hideRoomsOf(edges: Collection<EdgeDoc>, memberId: string): Promise<string[]> {
  const [blocks, blockedBy, mutes] = await Promise.all([
    allEdges(edges, 'block', 'fromId', memberId),
    allEdges(edges, 'block', 'toId', memberId),
    allEdges(edges, 'mute', 'fromId', memberId),
  ]);
  return [
    ...blocks.map((e) => hideRoom('block', e.toId)),
    ...blockedBy.map((e) => hideRoom('blocked-by', e.fromId)),
    ...mutes.map((e) => hideRoom('mute', e.toId)),
  ];
}
