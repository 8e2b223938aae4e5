import { findAll } from '../../src/platform/read-store/core/find-all';
import type { Collection } from '../../src/platform/read-store/read-store.port';
import type { CircleDoc, EdgeDoc, EdgeKind } from './docs';

/** Every edge of one kind from or to a member (walks all pages: block and mute lists are short). */
export function allEdges(
  edges: Collection<EdgeDoc>,
  kind: EdgeKind,
  side: 'fromId' | 'toId',
  userId: string,
): Promise<EdgeDoc[]> {
  return findAll(edges, { where: { kind, [side]: userId }, sort: { field: 'createdAt', direction: 'desc' } });
}

/** A member's circle with every list present (empty for a member without edges). */
export type Circle = Required<Pick<CircleDoc, 'following' | 'blocking' | 'blockedBy' | 'muting'>>;

export async function circleOf(circles: Collection<CircleDoc>, memberId: string): Promise<Circle> {
  const doc = await circles.get(memberId);
  return {
    following: doc?.following ?? [],
    blocking: doc?.blocking ?? [],
    blockedBy: doc?.blockedBy ?? [],
    muting: doc?.muting ?? [],
  };
}

/** Members the viewer blocked or who blocked the viewer: they disappear for each other. */
export async function blockedEitherWaySet(
  circles: Collection<CircleDoc>,
  viewerId: string | null,
): Promise<Set<string>> {
  if (!viewerId) return new Set();
  const { blocking, blockedBy } = await circleOf(circles, viewerId);
  return new Set([...blocking, ...blockedBy]);
}
