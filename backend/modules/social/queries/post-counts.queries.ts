import { type MemberPostCounts, PostCountsQuery } from '@modules/profiles';
import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '@platform/read-models';
import { READ_MODELS } from '@platform/tokens';
import { POST_REACTIONS, POSTS } from '@projections/social';

import { profileStatuses } from './feed.queries';

/** A member's posts as their profile lists them (FeedQueries.profilePosts), and the posts they like (the Likes tab). */
@Injectable()
export class ReadModelPostCounts extends PostCountsQuery {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModels) {
    super();
  }

  async countsFor(userId: string, own = false): Promise<MemberPostCounts> {
    const statuses = profileStatuses(userId, own ? userId : null);
    const listed = { userId, status: { $in: statuses } };
    const posts = this.readModels.collection(POSTS);
    // Less those of private communities, which the list leaves out (an unverified author's are `limited`).
    const [all, inCircles, likes] = await Promise.all([
      posts.count(listed),
      posts.count({ ...listed, privateCommunity: true }),
      this.readModels.collection(POST_REACTIONS).count({ kind: 'like', userId }),
    ]);
    return { posts: all - inCircles, likes };
  }
}
