import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type VideoClip = 'hevc.mp4' | 'long.mp4' | 'voice.mp4' | 'clip.webm' | 'safe.mp4';

/**
 * Real clips, tiny so the suites stay fast: HEVC with sound (must be transcoded), 91 s, audio only,
 * VP9, and a small H.264 one; made with ffmpeg once per test file. Answers a clip's bytes, and the
 * folder for a test that writes a file of its own beside them.
 */
export function useVideoClips(): { clip: (name: VideoClip) => Buffer; dir: () => string } {
  let dir: string;
  const ff = (...args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'dc-video-posts-'));
    ff(
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=15',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440',
      '-t',
      '2',
      '-c:v',
      'libx265',
      '-preset',
      'ultrafast',
      '-x265-params',
      'log-level=error',
      '-tag:v',
      'hvc1',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      join(dir, 'hevc.mp4'),
    );
    ff(
      '-f',
      'lavfi',
      '-i',
      'color=c=black:size=32x32:rate=1',
      '-t',
      '91',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      join(dir, 'long.mp4'),
    );
    ff('-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '1', '-c:a', 'aac', '-f', 'mp4', join(dir, 'voice.mp4'));
    ff(
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=64x48:rate=5',
      '-t',
      '1',
      '-c:v',
      'libvpx-vp9',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      join(dir, 'clip.webm'),
    );
    ff(
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=64x48:rate=5',
      '-t',
      '1',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      join(dir, 'safe.mp4'),
    );
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return { clip: (name) => readFileSync(join(dir, name)), dir: () => dir };
}
