import type { EventStore, NewEvent, RecordedEvent } from '../../src/platform/event-store/event-store.port';
import type { ReadStore } from '../../src/platform/read-store/read-store.port';
import { newId } from '../../src/platform/ids';
import { applyBatch } from '../runner/apply-batch';
import { ensureGeneration } from '../runner/collections';
import { physicalName, type Projector } from '../runner/projector';
import { storeFactories, useFreshStores } from '../runner/testing/stores';
import { VIDEO_DRAFTS, VIDEO_POSTS, type VideoDraftDoc, type VideoPostDoc } from './docs';
import { videoDraftsProjector } from './video-drafts.projector';
import { videoFeedProjector } from './video-feed.projector';

const USER = '0190d7c4-0000-7000-8000-00000000000a';
const at = () => new Date().toISOString();

const uploaded = (mediaId: string, kind = 'video'): NewEvent => ({
  type: 'MediaUploaded',
  data: { mediaId, ownerId: USER, kind, mime: 'video/mp4', ext: 'mp4', bytes: 1, sha256: 's', originalKey: 'k', purpose: 'video-post', maxDurationSeconds: 90, uploadedAt: at() },
});
const processed = (mediaId: string): NewEvent => ({ type: 'MediaProcessed', data: { mediaId, width: 1, height: 1, durationSeconds: 1, variants: [], processedAt: at() } });
const failed = (mediaId: string): NewEvent => ({ type: 'MediaFailed', data: { mediaId, code: 'VIDEO_TOO_LONG', message: 'x', failedAt: at() } });
const created = (postId: string, media: { id: string; kind: string }[]): NewEvent => ({
  type: 'PostCreated',
  data: { postId, userId: USER, type: 'media', content: 'c', hashtags: [], mentions: [], poll: null, quotedPostId: null, imageCaptions: [], media, limited: false, createdAt: at() },
});

describe.each(storeFactories())('video projectors (%s)', (_engine, makeStores) => {
  let eventStore: EventStore;
  let readStore: ReadStore;
  useFreshStores(makeStores, (stores) => ({ eventStore, readStore } = stores));

  async function project(projector: Projector, generation: number, size: number) {
    await ensureGeneration(readStore, projector, generation);
    const log: RecordedEvent[] = await eventStore.readAll();
    for (let i = 0; i < log.length; i += size) await applyBatch(readStore, projector, generation, log.slice(i, i + size));
  }
  const append = (stream: string, ...events: NewEvent[]) => eventStore.appendToStream(stream, events, 'any');

  it('follows each post with a clip through its outcome, whatever came first', async () => {
    const [early, late, gone, img] = [newId(), newId(), newId(), newId()];
    const [mEarly, mLate, mGone, mImg] = [newId(), newId(), newId(), newId()];
    // The clip is ready before its post exists (a fast worker).
    await append(`media-${mEarly}`, uploaded(mEarly), processed(mEarly));
    await append(`post-${early}`, created(early, [{ id: mEarly, kind: 'video' }]));
    // The composer turned comments off; the clip is refused after the post exists.
    await append(`media-${mLate}`, uploaded(mLate));
    await append(`videopost-${late}`, { type: 'VideoPostSubmitted', data: { postId: late, userId: USER, mediaId: mLate, allowComments: false, declared: {}, at: at() } });
    await append(`post-${late}`, created(late, [{ id: mLate, kind: 'video' }]));
    await append(`media-${mLate}`, failed(mLate));
    // Ready, then deleted: stays deleted.
    await append(`media-${mGone}`, uploaded(mGone));
    await append(`post-${gone}`, created(gone, [{ id: mGone, kind: 'video' }]));
    await append(`post-${gone}`, { type: 'PostDeleted', data: { postId: gone, deletedBy: USER, deletedAt: at() } });
    await append(`media-${mGone}`, processed(mGone));
    // Image posts are not indexed.
    await append(`media-${mImg}`, uploaded(mImg, 'image'), processed(mImg));
    await append(`post-${img}`, created(img, [{ id: mImg, kind: 'image' }]));

    await project(videoFeedProjector, 1, 1);
    await project(videoFeedProjector, 2, 1000);
    for (const generation of [1, 2]) {
      const posts = readStore.collection<VideoPostDoc>(physicalName(VIDEO_POSTS, generation));
      expect(await posts.get(early)).toMatchObject({ state: 'ready', mediaId: mEarly, allowComments: true, userId: USER });
      expect(await posts.get(late)).toMatchObject({ state: 'failed', allowComments: false });
      expect(await posts.get(gone)).toMatchObject({ state: 'deleted' });
      expect(await posts.get(img)).toBeNull();
      expect((await posts.find({ where: { state: 'ready' } })).items.map((p) => p.id)).toEqual([early]);
    }
  });

  it('keeps drafts until deleted, with the first save time', async () => {
    const d = newId();
    const draft = (caption: string, savedAt: string) => ({
      type: 'VideoDraftSaved',
      data: { draftId: d, userId: USER, caption, videoFile: null, metadata: {}, allowComments: true, mediaId: null, createdAt: '2026-01-01T00:00:00.000Z', savedAt },
    });
    await append(`videodraft-${d}`, draft('first', '2026-01-01T00:00:00.000Z'), draft('second', '2026-01-02T00:00:00.000Z'));
    await project(videoDraftsProjector, 1, 1);
    const drafts = readStore.collection<VideoDraftDoc>(physicalName(VIDEO_DRAFTS, 1));
    expect(await drafts.get(d)).toMatchObject({ caption: 'second', createdAt: '2026-01-01T00:00:00.000Z', savedAt: '2026-01-02T00:00:00.000Z' });
    await append(`videodraft-${d}`, { type: 'VideoDraftDeleted', data: { draftId: d, userId: USER, at: at() } });
    await project(videoDraftsProjector, 2, 1000);
    expect(await readStore.collection(physicalName(VIDEO_DRAFTS, 2)).get(d)).toBeNull();
  });
});
