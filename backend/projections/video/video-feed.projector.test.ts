import type { NewEvent } from '@platform/event-store/event-store.port';
import { newId } from '@platform/ids';

import { inStream, projectionSpec } from '../runner/testing/projection-spec';
import { VIDEO_DRAFTS, VIDEO_POSTS, type VideoDraftDoc, type VideoPostDoc } from './docs';
import { videoDraftsProjector } from './video-drafts.projector';
import { videoFeedProjector } from './video-feed.projector';

const USER = '0190d7c4-0000-7000-8000-00000000000a';
const at = () => new Date().toISOString();

const uploaded = (mediaId: string, kind = 'video'): NewEvent => ({
  type: 'MediaUploaded',
  data: {
    mediaId,
    ownerId: USER,
    kind,
    mime: 'video/mp4',
    ext: 'mp4',
    bytes: 1,
    sha256: 's',
    originalKey: 'k',
    purpose: 'video-post',
    maxDurationSeconds: 90,
    uploadedAt: at(),
  },
});
const processed = (mediaId: string): NewEvent => ({
  type: 'MediaProcessed',
  data: { mediaId, width: 1, height: 1, durationSeconds: 1, variants: [], processedAt: at() },
});
const failed = (mediaId: string): NewEvent => ({
  type: 'MediaFailed',
  data: { mediaId, code: 'VIDEO_TOO_LONG', message: 'x', failedAt: at() },
});
const created = (postId: string, media: { id: string; kind: string }[]): NewEvent => ({
  type: 'PostCreated',
  data: {
    postId,
    userId: USER,
    type: 'media',
    content: 'c',
    hashtags: [],
    mentions: [],
    poll: null,
    quotedPostId: null,
    imageCaptions: [],
    media,
    limited: false,
    createdAt: at(),
  },
});

describe('video projectors', () => {
  const append = (stream: string, ...events: NewEvent[]) => inStream(stream, ...events);

  it('follows each post with a clip through its outcome, whatever came first', async () => {
    const [early, late, gone, img] = [newId(), newId(), newId(), newId()];
    const [mEarly, mLate, mGone, mImg] = [newId(), newId(), newId(), newId()];
    const feed = projectionSpec(videoFeedProjector).given([
      // The clip is ready before its post exists (a fast worker).
      ...append(`media-${mEarly}`, uploaded(mEarly), processed(mEarly)),
      ...append(`post-${early}`, created(early, [{ id: mEarly, kind: 'video' }])),
      // The composer turned comments off; the clip is refused after the post exists.
      ...append(`media-${mLate}`, uploaded(mLate)),
      ...append(`videopost-${late}`, {
        type: 'VideoPostSubmitted',
        data: { postId: late, userId: USER, mediaId: mLate, allowComments: false, declared: {}, at: at() },
      }),
      ...append(`post-${late}`, created(late, [{ id: mLate, kind: 'video' }])),
      ...append(`media-${mLate}`, failed(mLate)),
      // Ready, then deleted: stays deleted.
      ...append(`media-${mGone}`, uploaded(mGone)),
      ...append(`post-${gone}`, created(gone, [{ id: mGone, kind: 'video' }])),
      ...append(`post-${gone}`, { type: 'PostDeleted', data: { postId: gone, deletedBy: USER, deletedAt: at() } }),
      ...append(`media-${mGone}`, processed(mGone)),
      // Image posts are not indexed.
      ...append(`media-${mImg}`, uploaded(mImg, 'image'), processed(mImg)),
      ...append(`post-${img}`, created(img, [{ id: mImg, kind: 'image' }])),
    ]);

    await feed.inBatchesOf(1).then(async ({ collection, replay }) => {
      for (const read of [collection, await replay({ batchSize: 1000 })]) {
        const posts = read<VideoPostDoc>(VIDEO_POSTS);
        expect(await posts.get(early)).toMatchObject({
          state: 'ready',
          mediaId: mEarly,
          allowComments: true,
          userId: USER,
        });
        expect(await posts.get(late)).toMatchObject({ state: 'failed', allowComments: false });
        expect(await posts.get(gone)).toMatchObject({ state: 'deleted' });
        expect(await posts.get(img)).toBeNull();
        expect((await posts.find({ where: { state: 'ready' } })).items.map((p) => p.id)).toEqual([early]);
      }
    });
  });

  it('keeps drafts until deleted, with the first save time', async () => {
    const d = newId();
    const draft = (caption: string, savedAt: string) => ({
      type: 'VideoDraftSaved',
      data: {
        draftId: d,
        userId: USER,
        caption,
        videoFile: null,
        metadata: {},
        allowComments: true,
        mediaId: null,
        createdAt: '2026-01-01T00:00:00.000Z',
        savedAt,
      },
    });
    const saved = projectionSpec(videoDraftsProjector).given(
      append(
        `videodraft-${d}`,
        draft('first', '2026-01-01T00:00:00.000Z'),
        draft('second', '2026-01-02T00:00:00.000Z'),
      ),
    );
    await saved.inBatchesOf(1).then<VideoDraftDoc>(VIDEO_DRAFTS, d, {
      caption: 'second',
      createdAt: '2026-01-01T00:00:00.000Z',
      savedAt: '2026-01-02T00:00:00.000Z',
    });
    await saved
      .given(append(`videodraft-${d}`, { type: 'VideoDraftDeleted', data: { draftId: d, userId: USER, at: at() } }))
      .thenNotFound(VIDEO_DRAFTS, d);
  });
});
