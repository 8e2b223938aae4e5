import { readFileSync } from 'node:fs';

import { type ClipSpec, testClip } from '@testing/clips';

import { mp4Facts } from './mp4-facts';
import { checkVideoPostFacts } from './video-post-check';

/** Tiny real files from ffmpeg: moov after mdat (phone style), faststart, audio only (plain and fragmented), 91 s. */
const CLIPS: Record<string, ClipSpec> = {
  'late-moov.mp4': { size: '96x64', rate: 5, seconds: 3 },
  'faststart.mp4': { size: '64x96', rate: 5, seconds: 2, layout: 'faststart' },
  'voice.mp4': { seconds: 1 },
  'voice-fragmented.mp4': { seconds: 1, layout: 'fragmented' },
  'long.mp4': { size: '32x32', rate: 1, seconds: 91, picture: 'black' },
};
const file = (name: string) => testClip(CLIPS[name]!).file;
beforeAll(() => {
  for (const spec of Object.values(CLIPS)) testClip(spec);
}, 30_000);

describe('mp4Facts (real ffmpeg files)', () => {
  it('reads duration and picture size wherever moov sits, from a file or a buffer', async () => {
    const late = await mp4Facts({ path: file('late-moov.mp4') });
    expect(late?.video).toEqual({ width: 96, height: 64 });
    expect(late?.durationSeconds).toBeCloseTo(3, 1);
    const fast = await mp4Facts({ buffer: readFileSync(file('faststart.mp4')) });
    expect(fast?.video).toEqual({ width: 64, height: 96 });
    expect(fast?.durationSeconds).toBeCloseTo(2, 1);
  });

  it('sees an audio-only MP4 (plain and fragmented, as Chrome records) and a truncated file', async () => {
    expect(await mp4Facts({ path: file('voice.mp4') })).toMatchObject({ video: null, audio: true });
    expect(await mp4Facts({ path: file('voice-fragmented.mp4') })).toMatchObject({ video: null, audio: true });
    expect((await mp4Facts({ path: file('late-moov.mp4') }))?.audio).toBe(false);
    const bytes = readFileSync(file('late-moov.mp4'));
    // Cut inside mdat: the moov never arrives.
    expect(await mp4Facts({ buffer: bytes.subarray(0, 2000) })).toBeNull();
    expect(await mp4Facts({ buffer: Buffer.from('not a video at all') })).toBeNull();
  });

  it('gives the composer texts: too long, audio only, corrupted', async () => {
    expect(checkVideoPostFacts(await mp4Facts({ path: file('long.mp4') }))).toEqual({
      status: 422,
      code: 'VIDEO_TOO_LONG',
      message: 'Video must be 90 seconds or shorter',
    });
    expect(checkVideoPostFacts(await mp4Facts({ path: file('voice.mp4') }))).toEqual({
      status: 422,
      code: 'NO_VIDEO_STREAM',
      message: 'File appears to be audio-only or corrupted',
    });
    expect(checkVideoPostFacts(null)).toEqual({
      status: 422,
      code: 'CORRUPT_VIDEO',
      message: 'Video file is corrupted or invalid',
    });
    expect(checkVideoPostFacts(await mp4Facts({ path: file('late-moov.mp4') }))).toBeNull();
    expect(checkVideoPostFacts({ durationSeconds: 90, video: { width: 1, height: 1 }, audio: false })).toBeNull();
    expect(checkVideoPostFacts({ durationSeconds: 90.01, video: { width: 1, height: 1 }, audio: true })?.code).toBe(
      'VIDEO_TOO_LONG',
    );
  });
});
