import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type ClipSpec, testClip } from '@testing/clips';

import { Ffmpeg } from '../video/ffmpeg';
import { inspectAudio } from './inspect-audio';

let dir: string;
const ffmpeg = new Ffmpeg();
/** Chrome-style live WebM (no duration in its header), a plain AAC MP4 and a clip without sound. */
const CLIPS: Record<string, ClipSpec> = {
  'voice.webm': { seconds: 2, format: 'webm', layout: 'live' },
  'voice.m4a': { seconds: 1.5 },
  'silent.mp4': { size: '32x32', rate: 5, seconds: 1 },
};
const file = (name: string) => (CLIPS[name] ? testClip(CLIPS[name]).file : join(dir, name));

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dc-audio-'));
  for (const spec of Object.values(CLIPS)) testClip(spec);
  writeFileSync(file('noise.webm'), Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(300, 7)]));
}, 30_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('inspectAudio (real ffmpeg)', () => {
  it('measures a live recording that declares no duration, and reads a plain one from its header', async () => {
    const live = await inspectAudio(ffmpeg, file('voice.webm'));
    expect(live.codec).toBe('opus');
    expect(live.durationSeconds).toBeCloseTo(2, 0);
    const m4a = await inspectAudio(ffmpeg, file('voice.m4a'));
    expect(m4a).toMatchObject({ codec: 'aac' });
    expect(m4a.durationSeconds).toBeCloseTo(1.5, 1);
  });

  it('refuses a file without sound or that ffmpeg cannot read, as bad input', async () => {
    await expect(inspectAudio(ffmpeg, file('silent.mp4'))).rejects.toMatchObject({
      name: 'MediaInputError',
      code: 'CORRUPT_AUDIO',
      message: 'The audio file has no sound',
    });
    await expect(inspectAudio(ffmpeg, file('noise.webm'))).rejects.toMatchObject({
      name: 'MediaInputError',
      code: 'CORRUPT_AUDIO',
      message: 'The audio file could not be read',
    });
  });
});
