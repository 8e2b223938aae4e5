import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Ffmpeg } from '../video/ffmpeg';
import { inspectAudio } from './inspect-audio';

let dir: string;
const ff = (...args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
const file = (name: string) => join(dir, name);
const ffmpeg = new Ffmpeg();

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dc-audio-'));
  // Chrome-style live WebM: no duration in its header.
  ff(
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    '2',
    '-c:a',
    'libopus',
    '-live',
    '1',
    '-f',
    'webm',
    file('voice.webm'),
  );
  ff('-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '1.5', '-c:a', 'aac', '-f', 'mp4', file('voice.m4a'));
  ff(
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=32x32:rate=5',
    '-t',
    '1',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    file('silent.mp4'),
  );
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
