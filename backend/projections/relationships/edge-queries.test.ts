import { MemoryReadStore } from '@platform/read-store/memory.read-store';

import {
  type CircleDoc,
  circlesCollection,
  type EdgeDoc,
  edgeId,
  type EdgeKind,
  relationshipsCollection,
} from './docs';
import { allEdges, blockedEitherWaySet, circleOf } from './edge-queries';

describe('relationship edge queries', () => {
  const setup = async () => {
    const store = new MemoryReadStore();
    await store.ensureCollection(relationshipsCollection);
    const edges = store.collection<EdgeDoc>(relationshipsCollection.name);
    const add = (kind: EdgeKind, fromId: string, toId: string, createdAt = '2026-01-01T00:00:00.000Z') =>
      edges.upsert({ id: edgeId(kind, fromId, toId), kind, fromId, toId, createdAt });
    return { edges, add };
  };

  it('walks every page, newest first', async () => {
    const { edges, add } = await setup();
    const stamps = Array.from({ length: 1203 }, (_, i) => new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString());
    await edges.upsertMany(
      stamps.map((createdAt, i) => ({
        id: edgeId('follow', 'me', `u${i}`),
        kind: 'follow',
        fromId: 'me',
        toId: `u${i}`,
        createdAt,
      })),
    );
    await add('follow', 'someone-else', 'u1');
    const found = await allEdges(edges, 'follow', 'fromId', 'me');
    expect(found).toHaveLength(1203);
    expect(found[0]!.toId).toBe('u1202');
    expect(found.at(-1)!.toId).toBe('u0');
    expect(new Set(found.map((e) => e.id)).size).toBe(1203);
  });

  it('collects members blocked either way from a circle, and nobody for a guest', async () => {
    const store = new MemoryReadStore();
    await store.ensureCollection(circlesCollection);
    const circles = store.collection<CircleDoc>(circlesCollection.name);
    await circles.upsert({ id: 'me', blocking: ['a'], blockedBy: ['b'], muting: ['c'], following: ['d'] });
    expect(await blockedEitherWaySet(circles, 'me')).toEqual(new Set(['a', 'b']));
    expect(await blockedEitherWaySet(circles, null)).toEqual(new Set());
    expect(await blockedEitherWaySet(circles, 'nobody')).toEqual(new Set());
  });

  it('reads a member without a circle as empty lists', async () => {
    const store = new MemoryReadStore();
    await store.ensureCollection(circlesCollection);
    const circles = store.collection<CircleDoc>(circlesCollection.name);
    await circles.upsert({ id: 'me', following: ['d'] });
    expect(await circleOf(circles, 'me')).toEqual({ following: ['d'], blocking: [], blockedBy: [], muting: [] });
    expect(await circleOf(circles, 'new')).toEqual({ following: [], blocking: [], blockedBy: [], muting: [] });
  });
});
