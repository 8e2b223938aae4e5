import { type MemberPostCounts, PostCountsQuery } from '@modules/profiles';
import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '@platform/read-models';
import { READ_MODELS } from '@platform/tokens';
import { POST_REACTIONS, POSTS } from '@projections/social';

/** A member's live posts, and the posts they like (what the Likes tab lists). */
@Injectable()
export class ReadModelPostCounts extends PostCountsQuery {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModels) {
    super();
  }

  async countsFor(userId: string): Promise<MemberPostCounts> {
    const [posts, likes] = await Promise.all([
      this.readModels.collection(POSTS).count({ userId, status: { $in: ['public', 'limited'] } }),
      this.readModels.collection(POST_REACTIONS).count({ kind: 'like', userId }),
    ]);
    return { posts, likes };
  }
}
