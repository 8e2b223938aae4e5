import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '@platform/read-models';
import { READ_MODELS } from '@platform/tokens';
import {
  blockedEitherWaySet,
  type Circle,
  type CircleDoc,
  circleOf,
  CIRCLES,
  type EdgeDoc,
  edgeId,
  RELATIONSHIPS,
} from '@projections/relationships';

import { type FollowState, RelationshipsQuery } from '../ports/relationships.port';

/**
 * RelationshipsQuery over the relationships read model (owned by the profiles projector): each
 * question about one member's lists reads that member's circle, one document by id.
 */
@Injectable()
export class ReadModelRelationships extends RelationshipsQuery {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModels) {
    super();
  }

  private get circles() {
    return this.readModels.collection<CircleDoc>(CIRCLES);
  }

  async hiddenAuthors(viewerId: string | null): Promise<Set<string>> {
    if (!viewerId) return new Set();
    return hiddenBy(await circleOf(this.circles, viewerId));
  }

  blockedWith(userId: string): Promise<Set<string>> {
    return blockedEitherWaySet(this.circles, userId);
  }

  async blockedEitherWay(a: string, b: string): Promise<boolean> {
    if (a === b) return false;
    const edges = this.readModels.collection<EdgeDoc>(RELATIONSHIPS);
    const found = await edges.getMany([edgeId('block', a, b), edgeId('block', b, a)]);
    return found.length > 0;
  }

  async followStates(viewerId: string, ids: readonly string[]): Promise<Map<string, FollowState>> {
    const others = [...new Set(ids)].filter((id) => id !== viewerId);
    if (others.length === 0) return new Map();
    const edges = await this.readModels
      .collection<EdgeDoc>(RELATIONSHIPS)
      .getMany(others.flatMap((id) => [edgeId('follow', viewerId, id), edgeId('follow', id, viewerId)]));
    const states = new Map<string, FollowState>();
    for (const e of edges) {
      const other = e.fromId === viewerId ? e.toId : e.fromId;
      const state = states.get(other) ?? { isFollowing: false, isFollowingBack: false };
      if (e.fromId === viewerId) state.isFollowing = true;
      else state.isFollowingBack = true;
      states.set(other, state);
    }
    return states;
  }

  /** Newest first. */
  async followingIds(viewerId: string): Promise<string[]> {
    return newestFirst((await circleOf(this.circles, viewerId)).following);
  }

  async followingAndHidden(viewerId: string): Promise<{ following: string[]; hidden: Set<string> }> {
    const circle = await circleOf(this.circles, viewerId);
    return { following: newestFirst(circle.following), hidden: hiddenBy(circle) };
  }
}

/** Hidden from a member: those they block, those blocking them, and those they mute. */
const hiddenBy = (c: Circle) => new Set([...c.blocking, ...c.blockedBy, ...c.muting]);

/** A circle list is kept oldest first; a copy, as read models may hand out shared documents. */
const newestFirst = (ids: string[]) => [...ids].reverse();
