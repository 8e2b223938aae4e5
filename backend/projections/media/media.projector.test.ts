import type { MediaEvent } from '@modules/media';
import type { EventStore, RecordedEvent } from '@platform/event-store/event-store.port';
import { newId } from '@platform/ids';
import type { Push } from '@platform/push/push';
import { PushOutbox } from '@platform/push/push-outbox';
import type { ReadStore } from '@platform/read-store/read-store.port';

import { applyBatch } from '../runner/apply-batch';
import { ensureGeneration } from '../runner/collections';
import { physicalName } from '../runner/projector';
import { inStream, projectionSpec } from '../runner/testing/projection-spec';
import { storeFactories, useFreshStores } from '../runner/testing/stores';
import { toMediaView } from '.';
import { MEDIA, type MediaDoc } from './docs';
import { mediaProjector } from './media.projector';
import { now, OWNER, uploaded, variant } from './testing/media-events';

describe.each(storeFactories())('media projector (%s)', (_engine, makeStores) => {
  let eventStore: EventStore;
  let readStore: ReadStore;
  useFreshStores(makeStores, (stores) => ({ eventStore, readStore } = stores));

  async function project(generation: number, events: RecordedEvent[], outbox: PushOutbox | null = null) {
    const projector = mediaProjector(outbox);
    await ensureGeneration(readStore, projector, generation);
    for (const e of events) {
      const checkpoint = await applyBatch(readStore, projector, generation, [e]);
      if (checkpoint) outbox?.committed(projector.name, checkpoint);
    }
    return readStore.collection<MediaDoc>(physicalName(MEDIA, generation));
  }

  it('shows a video poster while the clip is processing, then the video; pushes the outcome to the uploader after commit', async () => {
    const video = newId();
    const image = newId();
    const poster = [
      variant('poster-w320.jpg', 'poster', 'image/jpeg'),
      variant('poster-w320.webp', 'poster', 'image/webp'),
    ];
    await eventStore.appendToStream(
      `media-${video}`,
      [
        uploaded(video, 'video'),
        {
          type: 'MediaPosterPrepared',
          data: { mediaId: video, width: 320, height: 180, durationSeconds: 2, variants: poster, preparedAt: now() },
        },
      ],
      'any',
    );
    await eventStore.appendToStream(
      `media-${image}`,
      [
        uploaded(image, 'image'),
        {
          type: 'MediaFailed',
          data: { mediaId: image, code: 'CORRUPT_IMAGE', message: 'Failed to load image', failedAt: now() },
        },
      ],
      'any',
    );

    const pushes: Push[] = [];
    const outbox = new PushOutbox();
    outbox.attach({ publish: (p) => pushes.push(p) });
    const log = await eventStore.readAll();
    let media = await project(1, log, outbox);
    const processing = toMediaView((await media.get(video))!);
    expect(processing).toMatchObject({
      status: 'processing',
      posterUrl: `/media/${video}/poster`,
      url: `/media/${video}/video.mp4`,
      durationSeconds: 2,
    });

    await eventStore.appendToStream(
      `media-${video}`,
      [
        {
          type: 'MediaProcessed',
          data: {
            mediaId: video,
            width: 320,
            height: 180,
            durationSeconds: 2.02,
            variants: [variant('video.mp4', 'video', 'video/mp4'), ...poster],
            processedAt: now(),
          },
        },
      ],
      'any',
    );
    const all = await eventStore.readAll();
    media = await project(1, all.slice(log.length), outbox);
    expect(toMediaView((await media.get(video))!)).toMatchObject({
      status: 'ready',
      posterUrl: `/media/${video}/poster`,
      durationSeconds: 2.02,
    });

    expect(pushes.map((p) => [p.event, 'mediaId' in p.payload ? p.payload.mediaId : null])).toEqual([
      ['media_failed', image],
      ['media_processed', video],
    ]);
    expect(pushes[0]).toMatchObject({
      rooms: [`user:${OWNER}`],
      payload: { status: 'failed', kind: 'image', error: { code: 'CORRUPT_IMAGE', message: 'Failed to load image' } },
    });
    expect(pushes[1]).toMatchObject({
      id: all[all.length - 1]!.id,
      rooms: [`user:${OWNER}`],
      payload: {
        status: 'ready',
        kind: 'video',
        urls: { url: `/media/${video}/video.mp4`, posterUrl: `/media/${video}/poster` },
      },
    });

    // A rebuild (no outbox) builds the same documents and pushes nothing more.
    const rebuilt = await project(2, all);
    expect(await rebuilt.get(video)).toEqual(await media.get(video));
    expect(pushes).toHaveLength(2);
  });
});

describe('media projector: audiences', () => {
  const PARTNER = '0190d7c4-0000-7000-8000-00000000000b';
  const media = () => projectionSpec(mediaProjector);
  const inMedia = (e: MediaEvent) => inStream(`media-${e.data.mediaId}`, e);

  it("keeps an upload's audience on its document (null without one, as in older events), through a rebuild", async () => {
    const restricted = newId();
    const open = newId();
    const withAudience = uploaded(restricted, 'image');
    if (withAudience.type === 'MediaUploaded') withAudience.data.audience = [OWNER, PARTNER];
    await media()
      .given([...inMedia(withAudience), ...inMedia(uploaded(open, 'image'))])
      .then(async ({ collection, replay }) => {
        const docs = collection<MediaDoc>(MEDIA);
        expect(await docs.get(restricted)).toMatchObject({
          id: restricted,
          audience: [OWNER, PARTNER],
          status: 'processing',
        });
        expect(await docs.get(open)).toMatchObject({ id: open, audience: null });
        const rebuilt = await replay();
        expect(await rebuilt(MEDIA).get(restricted)).toEqual(await docs.get(restricted));
      });
    // The document's shape changed with `audience`: the runner rebuilds older generations.
    expect(mediaProjector().version).toBeGreaterThanOrEqual(2);
  });

  it("gives a direct message's file from before uploads carried an audience the conversation's two members", async () => {
    const [legacy, withAudience, postImage] = [newId(), newId(), newId()];
    const restricted = uploaded(withAudience, 'image');
    if (restricted.type === 'MediaUploaded') restricted.data.audience = [OWNER, PARTNER, 'someone-else'];
    const sent = (mediaId: string | null) =>
      inStream(`message-${newId()}`, {
        type: 'MessageSent',
        data: {
          messageId: newId(),
          conversationId: newId(),
          senderId: OWNER,
          receiverId: PARTNER,
          content: '',
          messageType: 'image',
          replyToId: null,
          mediaId,
          sentAt: now(),
        },
      });
    await media()
      .given([uploaded(legacy, 'image'), restricted, uploaded(postImage, 'image')].flatMap(inMedia))
      .given([legacy, withAudience, null].flatMap(sent))
      .then(async ({ collection }) => {
        const docs = collection<MediaDoc>(MEDIA);
        expect((await docs.get(legacy))!.audience).toEqual([OWNER, PARTNER]);
        // An audience given at upload stands; a file no message carries stays public.
        expect((await docs.get(withAudience))!.audience).toEqual([OWNER, PARTNER, 'someone-else']);
        expect((await docs.get(postImage))!.audience).toBeNull();
      });
  });

  it("shares a private upload (its sender's eyes only) with the conversation's two members when a message carries it", async () => {
    const [ownOnly, someoneElses] = [newId(), newId()];
    const own = uploaded(ownOnly, 'image');
    if (own.type === 'MediaUploaded') own.data.audience = [OWNER];
    const other = uploaded(someoneElses, 'image');
    if (other.type === 'MediaUploaded') other.data.audience = ['someone-else'];
    const sent = (mediaId: string) =>
      inStream(`message-${newId()}`, {
        type: 'MessageSent',
        data: {
          messageId: newId(),
          conversationId: newId(),
          senderId: OWNER,
          receiverId: PARTNER,
          content: '',
          messageType: 'image',
          replyToId: null,
          mediaId,
          sentAt: now(),
        },
      });
    await media()
      .given([own, other].flatMap(inMedia))
      .given([ownOnly, someoneElses].flatMap(sent))
      .then(async ({ collection }) => {
        const docs = collection<MediaDoc>(MEDIA);
        expect((await docs.get(ownOnly))!.audience).toEqual([OWNER, PARTNER]);
        // Only the sender's own private file widens (the command side refuses any other anyway).
        expect((await docs.get(someoneElses))!.audience).toEqual(['someone-else']);
      });
  });

  it("guards the files of a private community's posts and of the comments on them, through a rebuild", async () => {
    const [inCircle, onComment, inOpen, onOpenComment] = [newId(), newId(), newId(), newId()];
    const [circle, circlePost, openPost] = [newId(), newId(), newId()];
    const created = (postId: string, mediaId: string, community?: { id: string; private: boolean }) =>
      inStream(`post-${postId}`, {
        type: 'PostCreated',
        data: {
          postId,
          userId: OWNER,
          type: 'media',
          content: 'From our gathering',
          hashtags: [],
          mentions: [],
          poll: null,
          quotedPostId: null,
          imageCaptions: [],
          media: [{ id: mediaId, kind: 'image' }],
          limited: false,
          ...(community ? { community } : {}),
          createdAt: now(),
        },
      });
    const commented = (postId: string, mediaId: string) =>
      inStream(`comment-${newId()}`, {
        type: 'CommentAdded',
        data: {
          commentId: newId(),
          postId,
          userId: PARTNER,
          content: 'Ma sha Allah',
          hashtags: [],
          mentions: [],
          media: [{ id: mediaId, kind: 'image' }],
          limited: false,
          createdAt: now(),
        },
      });
    await media()
      .given([inCircle, onComment, inOpen, onOpenComment].flatMap((id) => inMedia(uploaded(id, 'image'))))
      .given([
        ...created(circlePost, inCircle, { id: circle, private: true }),
        ...created(openPost, inOpen, { id: newId(), private: false }),
        ...commented(circlePost, onComment),
        ...commented(openPost, onOpenComment),
      ])
      .then(async ({ collection, replay }) => {
        for (const pass of [0, 1]) {
          if (pass) await replay();
          const docs = collection<MediaDoc>(MEDIA);
          expect((await docs.get(inCircle))!.communities).toEqual([circle]);
          expect((await docs.get(onComment))!.communities).toEqual([circle]);
          expect((await docs.get(inOpen))!.communities).toBeUndefined();
          expect((await docs.get(onOpenComment))!.communities).toBeUndefined();
        }
      });
  });
});
