import type { QuotedPostView } from '@contract';
import { AuthorsQuery } from '@modules/profiles';
import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '@platform/read-models';
import { COMMUNITIES, type CommunityDoc } from '@projections/communities';
import { type PostDoc, POSTS, VIEWER_MARKS, type ViewerMarksDoc, viewerMarksDocId } from '@projections/social';
import { VIDEO_POSTS, type VideoPostDoc } from '@projections/video';

import { READ_MODELS } from '../../src/platform/tokens';
import { MediaQueries } from '../media';
import { mediaFields } from './media-fields';
import { authorOf, docMedia, NO_FLAGS, type PostView, toPostView, toQuoteView, type ViewerFlags } from './post-view';

/**
 * Turns a page of post documents into what the client shows: one author lookup, one lookup of
 * the viewer's marks, one quoted-posts lookup, one media lookup and one video-settings lookup
 * per page, never one per post.
 */
@Injectable()
export class PostHydrator {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    private readonly authors: AuthorsQuery,
    private readonly media: MediaQueries,
  ) {}

  async views(docs: PostDoc[], viewerId: string | null, hidden: Set<string> = new Set()): Promise<PostView[]> {
    if (docs.length === 0) return [];
    const quotedIds = [...new Set(docs.map((d) => d.quotedPostId).filter((id): id is string => !!id))];
    // Only posts with a clip can have comments turned off (the video composer's setting).
    const withVideo = docs.filter((d) => (d.media ?? []).some((m) => m.kind === 'video')).map((d) => d.id);
    // Asked together, so the read store can send them as one statement (withBatchedReads);
    // only the authors of quoted posts, known once those are read, need a second round trip.
    const communityIds = [...new Set(docs.map((d) => d.communityId).filter((id): id is string => !!id))];
    const [quoted, flags, media, videoPosts, pageAuthors, communities] = await Promise.all([
      quotedIds.length ? this.readModels.collection<PostDoc>(POSTS).getMany(quotedIds) : Promise.resolve([]),
      this.flags(
        docs.map((d) => d.id),
        viewerId,
      ),
      this.media.views(docs.flatMap((d) => (d.media ?? []).map((m) => m.id))),
      withVideo.length ? this.readModels.collection<VideoPostDoc>(VIDEO_POSTS).getMany(withVideo) : Promise.resolve([]),
      this.authors.byIds(docs.map((d) => d.userId)),
      communityIds.length
        ? this.readModels.collection<CommunityDoc>(COMMUNITIES).getMany(communityIds)
        : Promise.resolve([]),
    ]);
    const communityById = new Map(
      communities.map((c) => [c.id, { id: c.id, slug: c.slug, name: c.name, privacy: c.privacy }]),
    );
    const mediaById = new Map(media.map((m) => [m.id, m]));
    const commentsOff = new Set(videoPosts.filter((v) => v.allowComments === false).map((v) => v.id));
    const quotedById = new Map(quoted.map((q) => [q.id, q]));
    const quotedAuthors = quoted.map((q) => q.userId).filter((id) => !pageAuthors.has(id));
    const authors = quotedAuthors.length
      ? new Map([...pageAuthors, ...(await this.authors.byIds(quotedAuthors))])
      : pageAuthors;
    return docs.map((doc) => {
      let quote: QuotedPostView | null = null;
      if (doc.quotedPostId) {
        const q = quotedById.get(doc.quotedPostId);
        const visible = q && !hidden.has(q.userId) ? q : undefined;
        quote = toQuoteView(doc.quotedPostId, visible, visible ? authorOf(authors, visible.userId) : null);
      }
      const media = doc.media?.length ? mediaFields(doc.media, mediaById) : docMedia(doc);
      const own = viewerId !== null && doc.userId === viewerId;
      const viewer = { ...(flags.get(doc.id) ?? NO_FLAGS), own };
      return toPostView(doc, authorOf(authors, doc.userId), viewer, quote, media, {
        allowComments: !commentsOff.has(doc.id),
        community: doc.communityId ? (communityById.get(doc.communityId) ?? null) : null,
      });
    });
  }

  private async flags(postIds: string[], viewerId: string | null): Promise<Map<string, ViewerFlags>> {
    const out = new Map<string, ViewerFlags>();
    if (!viewerId) return out;
    const marks = await this.readModels
      .collection<ViewerMarksDoc>(VIEWER_MARKS)
      .getMany(postIds.map((p) => viewerMarksDocId(p, viewerId)));
    for (const m of marks)
      out.set(m.postId, {
        ...NO_FLAGS,
        liked: m.liked === true,
        bookmarked: m.bookmarked === true,
        reposted: m.reposted === true,
        vote: m.vote ?? null,
      });
    return out;
  }
}
