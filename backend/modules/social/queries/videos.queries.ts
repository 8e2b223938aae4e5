import { RelationshipsQuery } from '@modules/relationships';
import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '@platform/read-models';
import { encodeCursor } from '@platform/read-store';
import { READ_MODELS } from '@platform/tokens';
import { type PostDoc, POSTS } from '@projections/social';
import { VIDEO_DRAFTS, VIDEO_POSTS, type VideoDraftDoc, type VideoPostDoc } from '@projections/video';

import { VIDEO_POST_LIMITS } from '../limits';
import { fillPage } from '../paging';
import { PostHydrator } from '../post-hydrator';
import type { PostView } from '../post-view';
import type { PageRequest } from './feed.queries';

/**
 * Spec part 2 §3 Video feed post (id, videoUrl, videoDuration, videoThumbnailUrl, content, user.username, isLiked, likes, comments),
 * on the full post (which carries allowComments).
 */
export type VideoFeedPost = PostView & { comments: number };

/** The video feed and a member's drafts. */
@Injectable()
export class VideosQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    private readonly relationships: RelationshipsQuery,
    private readonly hydrator: PostHydrator,
  ) {}

  /**
   * Newest first, posts whose clip is ready (a clip still transcoding or refused is not listed);
   * live public posts only, minus authors the viewer blocks, is blocked by, or mutes.
   */
  async feed(page: PageRequest): Promise<VideoFeedPost[]> {
    const hidden = await this.relationships.hiddenAuthors(page.viewerId);
    const posts = this.readModels.collection<PostDoc>(POSTS);
    const picked = await fillPage(
      this.readModels.collection<VideoPostDoc>(VIDEO_POSTS),
      {
        where: { state: 'ready' },
        sort: { field: 'id', direction: 'desc' },
        after: page.cursor ? encodeCursor({ value: page.cursor, id: page.cursor }) : null,
      },
      page.limit,
      async (items) => {
        const byId = new Map((await posts.getMany(items.map((i) => i.id))).map((p) => [p.id, p]));
        return items
          .map((i) => ({ video: i, post: byId.get(i.id) }))
          .filter(
            (x): x is { video: VideoPostDoc; post: PostDoc } =>
              x.post?.status === 'public' && !hidden.has(x.post.userId),
          );
      },
    );
    const views = await this.hydrator.views(
      picked.map((p) => p.post),
      page.viewerId,
      hidden,
    );
    return views.map((view) => ({ ...view, comments: view.commentsCount }));
  }

  async drafts(userId: string): Promise<VideoDraftDoc[]> {
    const page = await this.readModels.collection<VideoDraftDoc>(VIDEO_DRAFTS).find({
      where: { userId },
      sort: { field: 'savedAt', direction: 'desc' },
      limit: VIDEO_POST_LIMITS.maxDraftsListed,
    });
    return page.items;
  }

  async draft(userId: string, draftId: string): Promise<VideoDraftDoc | null> {
    const doc = await this.readModels.collection<VideoDraftDoc>(VIDEO_DRAFTS).get(draftId);
    return doc && doc.userId === userId ? doc : null;
  }
}
