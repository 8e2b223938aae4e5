import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type ClipSpec, testClip } from '@testing/clips';

export type VideoClip = 'hevc.mp4' | 'long.mp4' | 'voice.mp4' | 'clip.webm' | 'safe.mp4';

/**
 * Real clips, tiny so the suites stay fast: HEVC with sound (must be transcoded), 91 s, audio only,
 * VP9, and a small H.264 one.
 */
const CLIPS: Record<VideoClip, ClipSpec> = {
  'hevc.mp4': { size: '320x240', rate: 15, seconds: 2, video: 'hevc', audio: 'aac' },
  'long.mp4': { size: '32x32', rate: 1, seconds: 91, picture: 'black' },
  'voice.mp4': { seconds: 1 },
  'clip.webm': { size: '64x48', rate: 5, seconds: 1, format: 'webm' },
  'safe.mp4': { size: '64x48', rate: 5, seconds: 1, layout: 'faststart' },
};

/**
 * The clips above, made with ffmpeg once per test file: answers a clip's bytes, and the folder for a
 * test that writes a file of its own.
 */
export function useVideoClips(): { clip: (name: VideoClip) => Buffer; dir: () => string } {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'dc-video-posts-'));
    for (const spec of Object.values(CLIPS)) testClip(spec);
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return { clip: (name) => testClip(CLIPS[name]).bytes, dir: () => dir };
}
