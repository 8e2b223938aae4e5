import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { webmFacts } from './webm-facts';

let dir: string;
const ff = (...args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
const file = (name: string) => join(dir, name);
const vp9 = ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8'];

/**
 * Tiny real files: a voice note as Chrome's MediaRecorder writes it (Opus, live: Segment and
 * Clusters of unknown size, no duration), a plain Opus WebM, a silent clip, a clip with sound.
 */
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dc-webm-'));
  ff(
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    '1',
    '-c:a',
    'libopus',
    '-live',
    '1',
    '-f',
    'webm',
    file('voice-live.webm'),
  );
  ff('-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '1', '-c:a', 'libopus', '-f', 'webm', file('voice.webm'));
  ff('-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=5', '-t', '1', ...vp9, file('silent.webm'));
  ff(
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=96x64:rate=5',
    '-f',
    'lavfi',
    '-i',
    'sine',
    '-t',
    '1',
    ...vp9,
    '-c:a',
    'libopus',
    '-shortest',
    file('clip.webm'),
  );
}, 30_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
