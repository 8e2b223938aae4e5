import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '@platform/read-models';
import { type CommentDoc, COMMENTS, POST_REACTIONS, type PostDoc, POSTS, type ReactionDoc } from '@projections/social';

import { findAll } from '../../src/platform/read-store/core/find-all';
import { READ_MODELS } from '../../src/platform/tokens';
import type { ReactionKind } from './events';

/** "Download my data": the member's own posts, comments, likes, bookmarks and reposts. */
@Injectable()
export class SocialExport {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModels) {}

  async posts(userId: string) {
    const posts = await findAll(this.readModels.collection<PostDoc>(POSTS), { where: { userId } });
    return posts
      .filter((p) => p.status !== 'deleted')
      .map((p) => ({
        id: p.id,
        type: p.type,
        content: p.content,
        poll: p.poll,
        quotedPostId: p.quotedPostId,
        imageUrls: p.imageUrls,
        videoUrl: p.videoUrl,
        createdAt: p.createdAt,
        editedAt: p.editedAt,
      }));
  }

  async comments(userId: string) {
    const comments = await findAll(this.readModels.collection<CommentDoc>(COMMENTS), { where: { userId } });
    return comments
      .filter((c) => c.status !== 'deleted')
      .map((c) => ({ id: c.id, postId: c.postId, content: c.content, createdAt: c.createdAt }));
  }

  async reactions(userId: string, kind: ReactionKind) {
    const reactions = await findAll(this.readModels.collection<ReactionDoc>(POST_REACTIONS), {
      where: { kind, userId },
    });
    return reactions.map((r) => ({ postId: r.postId, at: r.at }));
  }
}
