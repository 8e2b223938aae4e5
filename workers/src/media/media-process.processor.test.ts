import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { testClip } from '@testing/clips';
import sharp from 'sharp';

import { LocalBlobStore } from '../../../backend/modules/media/storage/local.blob-store';
import { MemoryEventStore } from '../../../backend/src/platform/event-store/memory.event-store';
import { newId } from '../../../backend/src/platform/ids';
import { silentLogger } from '../../../backend/src/platform/logging';
import { mediaProcessProcessor } from './media-process.processor';
import { Ffmpeg } from './video/ffmpeg';

/** Real ffmpeg, with a transcode that can be held or made to fail once (a full disk, a lost node). */
class ControlledFfmpeg extends Ffmpeg {
  failNext = false;
  started = false;
  private release: () => void = () => undefined;
  private readonly gate = new Promise<void>((resolve) => {
    this.release = resolve;
  });
  hold = false;

  override async transcode(input: string, output: string, timeoutMs: number): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('No space left on device');
    }
    this.started = true;
    if (this.hold) await this.gate;
    return super.transcode(input, output, timeoutMs);
  }

  go() {
    this.release();
  }
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dc-proc-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const JPEG = { kind: 'image', mime: 'image/jpeg', ext: 'jpg' };

/** An uploaded original (or none) with its MediaUploaded, and the processor to run on it. */
async function setup(bytes: Buffer | null, type = JPEG, ffmpeg: Ffmpeg = new Ffmpeg()) {
  const eventStore = new MemoryEventStore();
  const blobs = new LocalBlobStore(dir);
  const mediaId = newId();
  const originalKey = `media/${mediaId}/original.${type.ext}`;
  if (bytes) await blobs.put(originalKey, bytes);
  await eventStore.appendToStream(`media-${mediaId}`, [
    {
      type: 'MediaUploaded',
      data: {
        mediaId,
        ownerId: 'o',
        ...type,
        bytes: bytes?.length ?? 1,
        sha256: 's',
        originalKey,
        purpose: 'post',
        maxDurationSeconds: null,
        uploadedAt: new Date().toISOString(),
      },
    },
  ]);
  const run = mediaProcessProcessor({ eventStore, blobs, ffmpeg, logger: silentLogger });
  const types = async () => (await eventStore.readStream(`media-${mediaId}`)).map((e) => e.type);
  return { eventStore, blobs, mediaId, run, types };
}

describe('media.process processor', () => {
  it('stores the variants, then records MediaProcessed once, even when the job runs twice', async () => {
    const jpeg = await sharp({ create: { width: 700, height: 400, channels: 3, background: '#123' } })
      .jpeg()
      .toBuffer();
    const { blobs, mediaId, run, types, eventStore } = await setup(jpeg);
    await run({ mediaId }, { id: 'j', name: 'media.process', attempt: 1 });
    await run({ mediaId }, { id: 'j', name: 'media.process', attempt: 1 });
    expect(await types()).toEqual(['MediaUploaded', 'MediaProcessed']);
    const processed = (await eventStore.readStream(`media-${mediaId}`))[1]!.data as {
      variants: { key: string }[];
      width: number;
    };
    expect(processed.width).toBe(700);
    expect(processed.variants).toHaveLength(6);
    for (const v of processed.variants) expect(await blobs.stat(v.key)).not.toBeNull();
  });

  it('records bad input as MediaFailed at once, without a retry', async () => {
    const { mediaId, run, types, eventStore } = await setup(Buffer.from([0xff, 0xd8, 0xff, 0, 1, 2, 3]));
    await expect(run({ mediaId }, { id: 'j', name: 'media.process', attempt: 1 })).resolves.toBeUndefined();
    expect(await types()).toEqual(['MediaUploaded', 'MediaFailed']);
    expect((await eventStore.readStream(`media-${mediaId}`))[1]!.data).toMatchObject({
      code: 'CORRUPT_IMAGE',
      message: 'Failed to load image',
    });
  });

  it('rethrows other errors so the queue retries, and records MediaFailed on the last try', async () => {
    const { mediaId, run, types } = await setup(null);
    await expect(run({ mediaId }, { id: 'j', name: 'media.process', attempt: 1 })).rejects.toThrow(/Original missing/);
    expect(await types()).toEqual(['MediaUploaded']);
    await expect(run({ mediaId }, { id: 'j', name: 'media.process', attempt: 3 })).rejects.toThrow(/Original missing/);
    expect(await types()).toEqual(['MediaUploaded', 'MediaFailed']);
  });

  it('records the poster before the transcode, and a retried job reuses it', async () => {
    const webm = testClip({ size: '160x90', rate: 10, seconds: 1, format: 'webm' }).bytes;
    const ffmpeg = new ControlledFfmpeg();
    const { eventStore, blobs, mediaId, run } = await setup(
      webm,
      { kind: 'video', mime: 'video/webm', ext: 'webm' },
      ffmpeg,
    );
    const history = async () => eventStore.readStream(`media-${mediaId}`);
    const keys = async () => (await blobs.list(`media/${mediaId}/`)).map((o) => o.key.split('/').pop());

    ffmpeg.failNext = true;
    await expect(run({ mediaId }, { id: 'j', name: 'media.process', attempt: 1 })).rejects.toThrow(
      'No space left on device',
    );
    expect((await history()).map((e) => e.type)).toEqual(['MediaUploaded', 'MediaPosterPrepared']);
    const poster = (await history())[1]!.data as {
      variants: { key: string; role: string }[];
      width: number;
      height: number;
    };
    expect(poster).toMatchObject({ width: 160, height: 90 });
    expect(poster.variants.every((v) => v.role === 'poster')).toBe(true);
    expect(await keys()).not.toContain('video.mp4');

    ffmpeg.hold = true;
    const second = run({ mediaId }, { id: 'j', name: 'media.process', attempt: 2 });
    while (!ffmpeg.started) await new Promise((r) => setTimeout(r, 10));
    // Transcoding: the poster is out, the video is not, and no second poster was made.
    expect((await history()).map((e) => e.type)).toEqual(['MediaUploaded', 'MediaPosterPrepared']);
    expect(await keys()).not.toContain('video.mp4');
    ffmpeg.go();
    await second;
    const events = await history();
    expect(events.map((e) => e.type)).toEqual(['MediaUploaded', 'MediaPosterPrepared', 'MediaProcessed']);
    const processed = events[2]!.data as { variants: { key: string; role: string }[] };
    expect(processed.variants.filter((v) => v.role === 'poster')).toEqual(poster.variants);
    expect(processed.variants.find((v) => v.role === 'video')).toMatchObject({ key: `media/${mediaId}/video.mp4` });
    expect(await keys()).toContain('video.mp4');
  });

  it('checks and measures a voice note, then serves it as uploaded (no variants)', async () => {
    const webm = testClip({ seconds: 1, format: 'webm', layout: 'live' }).bytes;
    const { eventStore, blobs, mediaId, run } = await setup(webm, {
      kind: 'audio',
      mime: 'audio/webm',
      ext: 'webm',
    });
    await run({ mediaId }, { id: 'j', name: 'media.process', attempt: 1 });
    const events = await eventStore.readStream(`media-${mediaId}`);
    expect(events.map((e) => e.type)).toEqual(['MediaUploaded', 'MediaProcessed']);
    const processed = events[1]!.data as { variants: unknown[]; durationSeconds: number; width: number | null };
    expect(processed).toMatchObject({ variants: [], width: null });
    expect(processed.durationSeconds).toBeCloseTo(1, 0);
    expect((await blobs.list(`media/${mediaId}/`)).map((o) => o.key)).toEqual([`media/${mediaId}/original.webm`]);
  });
});
