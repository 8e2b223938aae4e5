import { findAll } from '../../src/platform/read-store/core/find-all';
import type { Collection } from '../../src/platform/read-store/read-store.port';
import type { EdgeDoc, EdgeKind } from './docs';

/** Every edge of one kind from or to a member (walks all pages: block and mute lists are short). */
export function allEdges(
  edges: Collection<EdgeDoc>,
  kind: EdgeKind,
  side: 'fromId' | 'toId',
  userId: string,
): Promise<EdgeDoc[]> {
  return findAll(edges, { where: { kind, [side]: userId }, sort: { field: 'createdAt', direction: 'desc' } });
}

/** Every edge of these kinds from a member: one lookup for several lists (the (kind, fromId) index serves it). */
export function edgesFrom(edges: Collection<EdgeDoc>, kinds: readonly EdgeKind[], userId: string): Promise<EdgeDoc[]> {
  return findAll(edges, {
    where: { kind: { $in: [...kinds] }, fromId: userId },
    sort: { field: 'createdAt', direction: 'desc' },
  });
}

/** Members the viewer blocked or who blocked the viewer: they disappear for each other. */
export async function blockedEitherWaySet(edges: Collection<EdgeDoc>, viewerId: string | null): Promise<Set<string>> {
  if (!viewerId) return new Set();
  const [blocked, blocking] = await Promise.all([
    allEdges(edges, 'block', 'fromId', viewerId),
    allEdges(edges, 'block', 'toId', viewerId),
  ]);
  return new Set([...blocked.map((e) => e.toId), ...blocking.map((e) => e.fromId)]);
}
