import { readFileSync } from 'node:fs';

import { type ClipSpec, testClip } from '@testing/clips';

import { webmFacts } from './webm-facts';

/**
 * Tiny real files: a voice note as Chrome's MediaRecorder writes it (Opus, live: Segment and
 * Clusters of unknown size, no duration), a plain Opus WebM, a silent clip, a clip with sound.
 */
const CLIPS: Record<string, ClipSpec> = {
  'voice-live.webm': { seconds: 1, format: 'webm', layout: 'live' },
  'voice.webm': { seconds: 1, format: 'webm' },
  'silent.webm': { size: '64x48', rate: 5, seconds: 1, format: 'webm' },
  'clip.webm': { size: '96x64', rate: 5, seconds: 1, format: 'webm', audio: 'opus' },
};
const file = (name: string) => testClip(CLIPS[name]!).file;
beforeAll(() => {
  for (const spec of Object.values(CLIPS)) testClip(spec);
}, 30_000);

describe('webmFacts (real ffmpeg files)', () => {
  it('sees sound without picture in a live recording and a plain Opus WebM', async () => {
    expect(await webmFacts({ path: file('voice-live.webm') })).toEqual({ video: null, audio: true });
    expect(await webmFacts({ buffer: readFileSync(file('voice.webm')) })).toEqual({ video: null, audio: true });
  });

  it('sees the picture of a clip, with or without sound', async () => {
    expect(await webmFacts({ path: file('silent.webm') })).toEqual({ video: { width: 64, height: 48 }, audio: false });
    expect(await webmFacts({ path: file('clip.webm') })).toEqual({ video: { width: 96, height: 64 }, audio: true });
  });

  it('answers null when the track list cannot be read', async () => {
    const voice = readFileSync(file('voice.webm'));
    // Cut inside the EBML header, and inside the Segment before Tracks is complete.
    expect(await webmFacts({ buffer: voice.subarray(0, 20) })).toBeNull();
    const tracksAt = voice.indexOf(Buffer.from([0x16, 0x54, 0xae, 0x6b]));
    expect(tracksAt).toBeGreaterThan(0);
    expect(await webmFacts({ buffer: voice.subarray(0, tracksAt + 12) })).toBeNull();
    expect(await webmFacts({ buffer: Buffer.from('not a webm at all') })).toBeNull();
    expect(await webmFacts({ buffer: Buffer.alloc(0) })).toBeNull();
  });
});
