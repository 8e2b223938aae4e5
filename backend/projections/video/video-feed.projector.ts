import type { MediaEvent } from '@modules/media/events';
import type { PostEvent, VideoPostEvent } from '@modules/social/events';

import { defineProjector, type EventsOf, type ProjectionContext, type Recorded } from '../runner';
import { VIDEO_MEDIA, VIDEO_POSTS, type VideoMediaDoc, type VideoPostDoc } from './docs';

type Handled =
  | EventsOf<MediaEvent, 'MediaUploaded' | 'MediaProcessed' | 'MediaFailed'>
  | EventsOf<PostEvent, 'PostCreated' | 'PostDeleted'>
  | VideoPostEvent;

const postsOf = (ctx: ProjectionContext) => ctx.collection<VideoPostDoc>(VIDEO_POSTS);
const mediaOf = (ctx: ProjectionContext) => ctx.collection<VideoMediaDoc>(VIDEO_MEDIA);

/** A clip's outcome moves every post that shows it (a deleted post stays deleted). */
async function clipSettled(e: Recorded<Handled, 'MediaProcessed' | 'MediaFailed'>, ctx: ProjectionContext) {
  const status = e.type === 'MediaProcessed' ? 'ready' : 'failed';
  // Only video items have a document; an image's outcome updates nothing.
  const item = await mediaOf(ctx).update(e.data.mediaId, { set: { status } });
  for (const postId of item?.postIds ?? []) {
    const post = await postsOf(ctx).get(postId);
    if (post && post.state !== 'deleted') await postsOf(ctx).update(postId, { set: { state: status } });
  }
}

/**
 * The video feed's index: posts with a clip and whether that clip is ready. It follows the media
 * outcomes itself (rather than reading the media read model, which advances on its own), so a clip
 * that finishes before its post is created is still seen as ready.
 */
export const videoFeedProjector = defineProjector<Handled>({
  name: 'video-feed',
  version: 1,
  collections: [{ name: VIDEO_POSTS, indexes: [{ fields: ['state'], sort: { field: 'id' } }] }, { name: VIDEO_MEDIA }],
  on: {
    async MediaUploaded(e, ctx) {
      if (e.data.kind === 'video')
        await mediaOf(ctx).update(
          e.data.mediaId,
          { set: { status: 'processing' }, addToSet: { postIds: [] } },
          { upsert: true },
        );
    },
    MediaProcessed: clipSettled,
    MediaFailed: clipSettled,
    async PostCreated(e, ctx) {
      const video = (e.data.media ?? []).find((m) => m.kind === 'video');
      if (!video) return;
      const posts = postsOf(ctx);
      const item = await mediaOf(ctx).update(video.id, { addToSet: { postIds: e.data.postId } }, { upsert: true });
      await posts.update(
        e.data.postId,
        {
          set: {
            userId: e.data.userId,
            mediaId: video.id,
            state: item?.status ?? 'processing',
            createdAt: e.data.createdAt,
          },
        },
        { upsert: true },
      );
      // A regular post with a clip has no VideoPostSubmitted: comments stay allowed.
      const doc = await posts.get(e.data.postId);
      if (doc && typeof doc.allowComments !== 'boolean')
        await posts.update(e.data.postId, { set: { allowComments: true } });
    },
    async PostDeleted(e, ctx) {
      if (await postsOf(ctx).get(e.data.postId))
        await postsOf(ctx).update(e.data.postId, { set: { state: 'deleted' } });
    },
    async VideoPostSubmitted(e, ctx) {
      // Comes before its PostCreated: the rest of the document follows then.
      await postsOf(ctx).update(e.data.postId, { set: { allowComments: e.data.allowComments } }, { upsert: true });
    },
  },
});
