import type { AppConfig } from '@platform/config';
import { MEDIA_TOOLS_MISSING } from '@platform/media-tools';
import { testClip } from '@testing/clips';
import sharp from 'sharp';

import type { CommandExecutor } from '../../../src/platform/decider/command-executor';
import type { EventStore } from '../../../src/platform/event-store/event-store.port';
import type { JobQueue } from '../../../src/platform/jobs/job-queue.port';
import { MediaIngestService } from '../media-ingest.service';
import type { BlobStore } from '../storage/blob-store.port';
import { UploadsService } from '../uploads/uploads.service';

/** A server where neither ffmpeg nor ffprobe could run (platform/media-tools found none at start). */
const config = { ffmpeg: { ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe', tools: { ffmpeg: null, ffprobe: null } } };
const META = { actor: 'u1' };

/** Status and body of what a call threw (ApiError keeps its status behind getStatus()). */
async function thrown(call: Promise<unknown>) {
  try {
    await call;
  } catch (err) {
    const e = err as { getStatus?: () => number; body?: { message: string; code: string }; message: string };
    return e.getStatus ? [e.getStatus(), e.body?.code, e.body?.message] : e.message;
  }
  return 'no error';
}

function services() {
  const stored = jest.fn(async () => {
    throw new Error('stored');
  });
  const executed = jest.fn(async () => {
    throw new Error('executed');
  });
  const blobs = { put: stored } as unknown as BlobStore;
  const commands = { execute: executed } as unknown as CommandExecutor;
  const ingest = new MediaIngestService(blobs, {} as JobQueue, commands, config as unknown as AppConfig);
  const uploads = new UploadsService(blobs, {} as EventStore, commands, ingest, config as unknown as AppConfig);
  return { ingest, uploads, stored, executed };
}

describe('video and audio without ffmpeg/ffprobe', () => {
  let mp4: Buffer;
  beforeAll(() => {
    mp4 = testClip({ size: '64x64', rate: 5, seconds: 1, layout: 'faststart' }).bytes;
  });

  it('refuses a video at ingest with 503 and the clear text, before anything is stored; images go on', async () => {
    const { ingest, stored } = services();
    for (const purpose of ['post', 'video-post'] as const) {
      expect(await thrown(ingest.ingest({ ownerId: 'u1', source: { buffer: mp4 }, purpose }, META))).toEqual([
        503,
        'MEDIA_TOOLS_MISSING',
        MEDIA_TOOLS_MISSING,
      ]);
    }
    expect(stored).not.toHaveBeenCalled();
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    expect(await thrown(ingest.ingest({ ownerId: 'u1', source: { buffer: png } }, META))).toBe('stored');
  });

  it('refuses a chunked video or audio upload at init, before any chunk is sent', async () => {
    const { uploads, executed } = services();
    const init = (fileType: string, purpose: 'post' | 'video-post') =>
      uploads.init(
        'u1',
        { filename: 'a', fileSize: 10, fileType, totalChunks: 1, checksum: 'a'.repeat(64), metadata: {}, purpose },
        META,
      );
    const refused = [503, 'MEDIA_TOOLS_MISSING', MEDIA_TOOLS_MISSING];
    expect(await thrown(init('video/mp4', 'video-post'))).toEqual(refused);
    expect(await thrown(init('audio/webm', 'post'))).toEqual(refused);
    expect(executed).not.toHaveBeenCalled();
    expect(await thrown(init('image/png', 'post'))).toBe('executed');
  });
});
