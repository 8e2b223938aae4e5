import { RelationshipsQuery } from '@modules/relationships';
import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '@platform/read-models';
import { encodeCursor } from '@platform/read-store';
import { READ_MODELS } from '@platform/tokens';
import { isGone, POST_REACTIONS, type PostDoc, POSTS, type ReactionDoc, reactionDocId } from '@projections/social';

import { CommunityGate } from '../community-gate';
import type { ReactionKind } from '../events';
import { fillPage, invalidCursor } from '../paging';
import { PostHydrator } from '../post-hydrator';
import type { PostView } from '../post-view';

/** Posts a member bookmarked or liked, most recent reaction first. */
@Injectable()
export class ReactedPostsQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    private readonly relationships: RelationshipsQuery,
    private readonly hydrator: PostHydrator,
    private readonly communities: CommunityGate,
  ) {}

  /** cursor: the id of the last post of the previous page, like the feed. */
  async reacted(
    kind: ReactionKind,
    userId: string,
    viewerId: string | null,
    limit: number,
    cursor: string | null,
  ): Promise<PostView[]> {
    const reactions = this.readModels.collection<ReactionDoc>(POST_REACTIONS);
    let after: string | null = null;
    if (cursor) {
      const last = await reactions.get(reactionDocId(kind, cursor, userId));
      if (!last) throw invalidCursor();
      after = encodeCursor({ value: last.position, id: last.id });
    }
    const hidden = await this.relationships.hiddenAuthors(viewerId);
    const posts = this.readModels.collection<PostDoc>(POSTS);
    // A private community's post shows in a member's likes only to viewers who are in it too.
    const canRead = this.communities.readableBy(viewerId);
    const docs = await fillPage(
      reactions,
      { where: { kind, userId }, sort: { field: 'position', direction: 'desc' }, after },
      limit,
      async (items) => {
        const found = new Map((await posts.getMany(items.map((r) => r.postId))).map((p) => [p.id, p]));
        const shown = items
          .map((r) => found.get(r.postId))
          .filter((p): p is PostDoc => !!p && !isGone(p.status) && !hidden.has(p.userId));
        const allowed = await Promise.all(shown.map(canRead));
        return shown.filter((_, i) => allowed[i]);
      },
    );
    return this.hydrator.views(docs, viewerId, hidden);
  }
}
