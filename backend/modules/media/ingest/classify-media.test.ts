import { readFileSync } from 'node:fs';

import { type ClipSpec, testClip } from '@testing/clips';
import { pngBomb } from '@testing/png-bomb';
import sharp from 'sharp';

import { classifyMedia } from './classify-media';

/** The voice notes browsers record (Opus in live WebM, AAC in fragmented 'isom' MP4) and real clips beside them. */
const CLIPS: Record<string, ClipSpec> = {
  'voice.webm': { seconds: 1, format: 'webm', layout: 'live' },
  'voice.mp4': { seconds: 1, layout: 'fragmented' },
  'voice.mov': { seconds: 1, format: 'mov' },
  'clip.webm': { size: '64x48', rate: 5, seconds: 1, format: 'webm' },
  'clip.mp4': { size: '64x48', rate: 5, seconds: 1 },
};
const file = (name: string) => testClip(CLIPS[name]!).file;
beforeAll(() => {
  for (const spec of Object.values(CLIPS)) testClip(spec);
}, 30_000);

describe('classifyMedia', () => {
  it('makes a voice note recorded into a video container audio, from a buffer or a file', async () => {
    expect(await classifyMedia(readFileSync(file('voice.webm')))).toEqual({
      kind: 'audio',
      mime: 'audio/webm',
      ext: 'webm',
    });
    expect(await classifyMedia({ path: file('voice.mp4') })).toEqual({ kind: 'audio', mime: 'audio/mp4', ext: 'm4a' });
    expect(await classifyMedia({ path: file('voice.mov') })).toEqual({ kind: 'audio', mime: 'audio/mp4', ext: 'm4a' });
  });

  it('keeps clips with a picture as video', async () => {
    expect(await classifyMedia(readFileSync(file('clip.webm')))).toEqual({
      kind: 'video',
      mime: 'video/webm',
      ext: 'webm',
    });
    expect(await classifyMedia({ path: file('clip.mp4') })).toEqual({ kind: 'video', mime: 'video/mp4', ext: 'mp4' });
  });

  it('leaves a container whose tracks cannot be read as video (the worker refuses it), and other files as sniffed', async () => {
    expect((await classifyMedia(readFileSync(file('voice.mp4')).subarray(0, 40)))?.kind).toBe('video');
    expect((await classifyMedia(readFileSync(file('voice.webm')).subarray(0, 30)))?.kind).toBe('video');
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(await classifyMedia(png)).toEqual({ kind: 'image', mime: 'image/png', ext: 'png', pixels: 16 });
    expect(await classifyMedia(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]))).toBeNull();
  });

  it("reads an image's size from its header, before anything is decoded (a decompression bomb of a few KB)", async () => {
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100_000);
    const before = process.memoryUsage().rss;
    expect(await classifyMedia(bomb)).toEqual({ kind: 'image', mime: 'image/png', ext: 'png', pixels: 400_000_000 });
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    // PNG magic bytes with a header that cannot be read are not an image.
    expect(await classifyMedia(bomb.subarray(0, 20))).toBeNull();
  });
});
