import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '@platform/read-models';
import { READ_MODELS } from '@platform/tokens';
import {
  allEdges,
  blockedEitherWaySet,
  type EdgeDoc,
  edgeId,
  type EdgeKind,
  edgesFrom,
  RELATIONSHIPS,
} from '@projections/relationships';

import { RelationshipsQuery } from '../ports/relationships.port';

/** RelationshipsQuery over the relationships read model (owned by the profiles projector). */
@Injectable()
export class ReadModelRelationships extends RelationshipsQuery {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModels) {
    super();
  }

  private get edges() {
    return this.readModels.collection<EdgeDoc>(RELATIONSHIPS);
  }

  async hiddenAuthors(viewerId: string | null): Promise<Set<string>> {
    if (!viewerId) return new Set();
    return (await this.circle(viewerId, ['block', 'mute'])).hidden;
  }

  blockedWith(userId: string): Promise<Set<string>> {
    return blockedEitherWaySet(this.edges, userId);
  }

  async blockedEitherWay(a: string, b: string): Promise<boolean> {
    if (a === b) return false;
    const found = await this.edges.getMany([edgeId('block', a, b), edgeId('block', b, a)]);
    return found.length > 0;
  }

  async followingIds(viewerId: string): Promise<string[]> {
    return (await allEdges(this.edges, 'follow', 'fromId', viewerId)).map((e) => e.toId);
  }

  followingAndHidden(viewerId: string): Promise<{ following: string[]; hidden: Set<string> }> {
    return this.circle(viewerId, ['follow', 'block', 'mute']);
  }

  /**
   * The viewer's own edges of these kinds in one lookup and the blocks against the viewer in
   * another, asked together. Hidden: blocked by the viewer, blocking the viewer, or muted by the viewer.
   */
  private async circle(viewerId: string, kinds: EdgeKind[]): Promise<{ following: string[]; hidden: Set<string> }> {
    const [own, blocking] = await Promise.all([
      edgesFrom(this.edges, kinds, viewerId),
      allEdges(this.edges, 'block', 'toId', viewerId),
    ]);
    const following: string[] = [];
    const hidden = new Set(blocking.map((e) => e.fromId));
    for (const e of own) {
      if (e.kind === 'follow') following.push(e.toId);
      else hidden.add(e.toId);
    }
    return { following, hidden };
  }
}
