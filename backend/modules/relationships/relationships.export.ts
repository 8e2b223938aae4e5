import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '@platform/read-models';
import { allEdges, type EdgeDoc, RELATIONSHIPS } from '@projections/relationships';

import { READ_MODELS } from '../../src/platform/tokens';

/** The `follows` section of "download my data": who I follow, who follows me, my blocks and mutes. */
@Injectable()
export class RelationshipsExport {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModels) {}

  async export(userId: string) {
    const edges = this.readModels.collection<EdgeDoc>(RELATIONSHIPS);
    const [following, followers, blocked, muted] = await Promise.all([
      allEdges(edges, 'follow', 'fromId', userId),
      allEdges(edges, 'follow', 'toId', userId),
      allEdges(edges, 'block', 'fromId', userId),
      allEdges(edges, 'mute', 'fromId', userId),
    ]);
    const to = (e: EdgeDoc) => ({ userId: e.toId, since: e.createdAt });
    const from = (e: EdgeDoc) => ({ userId: e.fromId, since: e.createdAt });
    return {
      following: following.map(to),
      followers: followers.map(from),
      blocked: blocked.map(to),
      muted: muted.map(to),
    };
  }
}
