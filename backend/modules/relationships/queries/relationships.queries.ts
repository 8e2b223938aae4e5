import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '@platform/read-models';
import { READ_MODELS } from '@platform/tokens';
import { allEdges, blockedEitherWaySet, type EdgeDoc, edgeId, RELATIONSHIPS } from '@projections/relationships';

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
    const [blocked, muted] = await Promise.all([
      blockedEitherWaySet(this.edges, viewerId),
      allEdges(this.edges, 'mute', 'fromId', viewerId),
    ]);
    for (const e of muted) blocked.add(e.toId);
    return blocked;
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
}
