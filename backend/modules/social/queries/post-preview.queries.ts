import { MediaQueries, shareImageOf } from '@modules/media';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@platform/decider/decider';
import { type LinkPreview, PREVIEW_TITLE_CHARS, previewText } from '@platform/http/link-preview';
import type { ReadModels } from '@platform/read-models';
import { READ_MODELS } from '@platform/tokens';
import { type PostDoc, POSTS } from '@projections/social';

import { FeedQueries } from './feed.queries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A post's link preview, as a signed-out visitor sees the post (GET /api/posts/:id without a
 * session): a deleted or hidden post, or an unknown id, has none. Anonymous shares name nobody.
 */
@Injectable()
export class PostPreviews {
  constructor(
    private readonly feed: FeedQueries,
    private readonly media: MediaQueries,
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
  ) {}

  async of(postId: string): Promise<LinkPreview | null> {
    if (!UUID.test(postId)) return null;
    const post = await this.feed.detail(postId.toLowerCase(), null).catch((err: unknown) => {
      if (err instanceof DomainError && err.status === 404) return null;
      throw err;
    });
    if (!post) return null;
    const doc = await this.readModels.collection<PostDoc>(POSTS).get(post.id);
    const refs = doc?.media ?? [];
    // The first photo; a clip's poster when the post has no photo.
    const pictured = refs.find((m) => m.kind === 'image') ?? refs.find((m) => m.kind === 'video');
    const [view] = pictured ? await this.media.views([pictured.id]) : [];
    const who = post.isAnonymous
      ? 'A shared answer'
      : post.user.username
        ? `${post.user.displayName} (@${post.user.username})`
        : post.user.displayName;
    const text = post.aiQuestion ?? post.content;
    return {
      path: `/post/${post.id}`,
      title: previewText(`${who} on DeenConnect`, PREVIEW_TITLE_CHARS),
      description:
        previewText(text) ||
        previewText(post.poll?.question) ||
        previewText(post.imageCaptions[0]) ||
        'A post on DeenConnect',
      type: 'article',
      image: shareImageOf(view, pictured?.kind === 'image' ? previewText(post.imageCaptions[0], 120) : ''),
    };
  }
}
