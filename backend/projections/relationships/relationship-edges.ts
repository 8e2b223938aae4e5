import {
  RELATIONSHIP_EVENT_TYPES,
  type RelationshipEvent,
  type RelationshipEventType,
} from '@modules/relationships/events';

import { type ProfileDoc, PROFILES } from '../profiles/docs';
import type { ProjectionContext } from '../runner';
import {
  CIRCLE_LISTS,
  type CircleDoc,
  CIRCLES,
  EDGE_KINDS,
  type EdgeDoc,
  edgeId,
  type EdgeKind,
  RELATIONSHIPS,
} from './docs';

const RELATIONSHIP_TYPES: ReadonlySet<string> = new Set(RELATIONSHIP_EVENT_TYPES);

/** Whether an event of a projector's union is one of the relationship events in it. */
export const isRelationshipEvent = <E extends { type: string }>(
  e: E,
): e is Extract<E, { type: RelationshipEventType }> => RELATIONSHIP_TYPES.has(e.type);

/** The edge an event adds or removes, or null for any other event. */
export function edgeOf(e: RelationshipEvent): { id: string; kind: EdgeKind; fromId: string; toId: string } | null {
  const edge = (kind: EdgeKind, fromId: string, toId: string) => ({
    id: edgeId(kind, fromId, toId),
    kind,
    fromId,
    toId,
  });
  switch (e.type) {
    case 'UserFollowed':
    case 'UserUnfollowed':
      return edge('follow', e.data.followerId, e.data.followeeId);
    case 'UserBlocked':
    case 'UserUnblocked':
      return edge('block', e.data.blockerId, e.data.blockedId);
    case 'UserMuted':
    case 'UserUnmuted':
      return edge('mute', e.data.muterId, e.data.mutedId);
    default:
      return null;
  }
}

/** Applies one relationship event to the edges and the follower / following counters. */
export async function applyRelationshipEvent(e: RelationshipEvent, ctx: ProjectionContext): Promise<void> {
  const edge = edgeOf(e);
  if (!edge) return;
  const adds = e.type === 'UserFollowed' || e.type === 'UserBlocked' || e.type === 'UserMuted';
  return adds
    ? addEdge(ctx, edge.kind, edge.fromId, edge.toId, e.data.at)
    : removeEdge(ctx, edge.kind, edge.fromId, edge.toId);
}

async function addEdge(ctx: ProjectionContext, kind: EdgeKind, fromId: string, toId: string, at: string) {
  const edges = ctx.collection<EdgeDoc>(RELATIONSHIPS);
  const id = edgeId(kind, fromId, toId);
  // A command can race an account deletion; an edge to a member who is gone must not appear.
  const members = await ctx.collection<ProfileDoc>(PROFILES).getMany([fromId, toId]);
  if (members.length < 2 || (await edges.get(id))) return;
  await edges.upsert({ id, kind, fromId, toId, createdAt: at });
  await changeCircles(ctx, kind, fromId, toId, 'addToSet');
  if (kind === 'follow') await countFollow(ctx, fromId, toId, 1);
}

async function removeEdge(ctx: ProjectionContext, kind: EdgeKind, fromId: string, toId: string) {
  if (!(await ctx.collection<EdgeDoc>(RELATIONSHIPS).delete(edgeId(kind, fromId, toId)))) return;
  await changeCircles(ctx, kind, fromId, toId, 'removeFromSet');
  if (kind === 'follow') await countFollow(ctx, fromId, toId, -1);
}

/** Keeps both members' circles in step with the edge just added or removed. */
async function changeCircles(
  ctx: ProjectionContext,
  kind: EdgeKind,
  fromId: string,
  toId: string,
  op: 'addToSet' | 'removeFromSet',
) {
  const circles = ctx.collection<CircleDoc>(CIRCLES);
  const lists = CIRCLE_LISTS[kind];
  const upsert = op === 'addToSet';
  await circles.update(fromId, { [op]: { [lists.from]: toId } }, { upsert });
  if (lists.to) await circles.update(toId, { [op]: { [lists.to]: fromId } }, { upsert });
}

async function countFollow(ctx: ProjectionContext, followerId: string, followeeId: string, by: 1 | -1) {
  const profiles = ctx.collection<ProfileDoc>(PROFILES);
  await profiles.update(followerId, { inc: { following: by } });
  await profiles.update(followeeId, { inc: { followers: by } });
}

/** Removes every edge from or to a deleted member, correcting the counters of the other side. */
export async function removeMemberEdges(ctx: ProjectionContext, userId: string): Promise<void> {
  const edges = ctx.collection<EdgeDoc>(RELATIONSHIPS);
  for (const kind of EDGE_KINDS) {
    for (const side of ['fromId', 'toId'] as const) {
      for (;;) {
        const page = await edges.find({ where: { kind, [side]: userId }, limit: 500 });
        if (page.items.length === 0) break;
        for (const edge of page.items) await removeEdge(ctx, edge.kind, edge.fromId, edge.toId);
      }
    }
  }
  await ctx.collection<CircleDoc>(CIRCLES).delete(userId);
}
