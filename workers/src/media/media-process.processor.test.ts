import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { MemoryEventStore } from '../../../backend/src/platform/event-store/memory.event-store';
import { silentLogger } from '../../../backend/src/platform/logging';
import { newId } from '../../../backend/src/platform/ids';
import { LocalBlobStore } from '../../../backend/modules/media/storage/local.blob-store';
import { mediaProcessProcessor } from './media-process.processor';
import { Ffmpeg } from './video/ffmpeg';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dc-proc-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function setup(bytes: Buffer | null) {
  const eventStore = new MemoryEventStore();
  const blobs = new LocalBlobStore(dir);
  const mediaId = newId();
  const originalKey = `media/${mediaId}/original.jpg`;
  if (bytes) await blobs.put(originalKey, bytes);
  await eventStore.appendToStream(`media-${mediaId}`, [
    { type: 'MediaUploaded', data: { mediaId, ownerId: 'o', kind: 'image', mime: 'image/jpeg', ext: 'jpg', bytes: bytes?.length ?? 1, sha256: 's', originalKey, purpose: 'post', maxDurationSeconds: null, uploadedAt: new Date().toISOString() } },
  ]);
  const run = mediaProcessProcessor({ eventStore, blobs, ffmpeg: new Ffmpeg(), logger: silentLogger });
  const types = async () => (await eventStore.readStream(`media-${mediaId}`)).map((e) => e.type);
  return { eventStore, blobs, mediaId, run, types };
}

describe('media.process processor', () => {
  it('stores the variants, then records MediaProcessed once, even when the job runs twice', async () => {
    const jpeg = await sharp({ create: { width: 700, height: 400, channels: 3, background: '#123' } }).jpeg().toBuffer();
    const { blobs, mediaId, run, types, eventStore } = await setup(jpeg);
    await run({ mediaId }, { id: 'j', name: 'media.process', attempt: 1 });
    await run({ mediaId }, { id: 'j', name: 'media.process', attempt: 1 });
    expect(await types()).toEqual(['MediaUploaded', 'MediaProcessed']);
    const processed = (await eventStore.readStream(`media-${mediaId}`))[1].data as { variants: { key: string }[]; width: number };
    expect(processed.width).toBe(700);
    expect(processed.variants).toHaveLength(6);
    for (const v of processed.variants) expect(await blobs.stat(v.key)).not.toBeNull();
  });

  it('records bad input as MediaFailed at once, without a retry', async () => {
    const { mediaId, run, types, eventStore } = await setup(Buffer.from([0xff, 0xd8, 0xff, 0, 1, 2, 3]));
    await expect(run({ mediaId }, { id: 'j', name: 'media.process', attempt: 1 })).resolves.toBeUndefined();
    expect(await types()).toEqual(['MediaUploaded', 'MediaFailed']);
    expect((await eventStore.readStream(`media-${mediaId}`))[1].data).toMatchObject({ code: 'CORRUPT_IMAGE', message: 'Failed to load image' });
  });

  it('rethrows other errors so the queue retries, and records MediaFailed on the last try', async () => {
    const { mediaId, run, types } = await setup(null);
    await expect(run({ mediaId }, { id: 'j', name: 'media.process', attempt: 1 })).rejects.toThrow(/Original missing/);
    expect(await types()).toEqual(['MediaUploaded']);
    await expect(run({ mediaId }, { id: 'j', name: 'media.process', attempt: 3 })).rejects.toThrow(/Original missing/);
    expect(await types()).toEqual(['MediaUploaded', 'MediaFailed']);
  });
});
