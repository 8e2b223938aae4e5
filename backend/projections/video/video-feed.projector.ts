import type { RecordedEvent } from '../../src/platform/event-store/event-store.port';
import type { MediaEvent } from '@modules/media/events';
import type { PostEvent } from '@modules/social/events';
import type { VideoPostEvent } from '@modules/social/events';
import type { Projector, ProjectionContext } from '../runner';
import { VIDEO_MEDIA, VIDEO_POSTS, type VideoMediaDoc, type VideoPostDoc } from './docs';

type Handled = MediaEvent | PostEvent | VideoPostEvent;

/**
 * The video feed's index: posts with a clip and whether that clip is ready. It follows the media
 * outcomes itself (rather than reading the media read model, which advances on its own), so a clip
 * that finishes before its post is created is still seen as ready.
 */
export const videoFeedProjector: Projector = {
  name: 'video-feed',
  version: 1,
  handles: ['MediaUploaded', 'MediaProcessed', 'MediaFailed', 'PostCreated', 'PostDeleted', 'VideoPostSubmitted'] satisfies Handled['type'][],
  collections: [
    { name: VIDEO_POSTS, indexes: [{ fields: ['state'], sort: { field: 'id' } }] },
    { name: VIDEO_MEDIA },
  ],
  async handle(event: RecordedEvent, ctx: ProjectionContext) {
    const posts = ctx.collection<VideoPostDoc>(VIDEO_POSTS);
    const media = ctx.collection<VideoMediaDoc>(VIDEO_MEDIA);
    const e = { type: event.type, data: event.data } as Handled;
    switch (e.type) {
      case 'MediaUploaded':
        if (e.data.kind === 'video') await media.update(e.data.mediaId, { set: { status: 'processing' }, addToSet: { postIds: [] } }, { upsert: true });
        return;
      case 'MediaPosterPrepared':
        return;
      case 'MediaProcessed':
      case 'MediaFailed': {
        const status = e.type === 'MediaProcessed' ? 'ready' : 'failed';
        // Only video items have a document; an image's outcome updates nothing.
        const item = await media.update(e.data.mediaId, { set: { status } });
        for (const postId of item?.postIds ?? []) {
          const post = await posts.get(postId);
          if (post && post.state !== 'deleted') await posts.update(postId, { set: { state: status } });
        }
        return;
      }
      case 'PostCreated': {
        const video = (e.data.media ?? []).find((m) => m.kind === 'video');
        if (!video) return;
        const item = await media.update(video.id, { addToSet: { postIds: e.data.postId } }, { upsert: true });
        await posts.update(
          e.data.postId,
          { set: { userId: e.data.userId, mediaId: video.id, state: item?.status ?? 'processing', createdAt: e.data.createdAt } },
          { upsert: true },
        );
        // A regular post with a clip has no VideoPostSubmitted: comments stay allowed.
        const doc = await posts.get(e.data.postId);
        if (doc && typeof doc.allowComments !== 'boolean') await posts.update(e.data.postId, { set: { allowComments: true } });
        return;
      }
      case 'PostDeleted':
        if (await posts.get(e.data.postId)) await posts.update(e.data.postId, { set: { state: 'deleted' } });
        return;
      case 'PostEdited':
        return;
      case 'VideoPostSubmitted':
        // Comes before its PostCreated: the rest of the document follows then.
        await posts.update(e.data.postId, { set: { allowComments: e.data.allowComments } }, { upsert: true });
        return;
    }
  },
};
