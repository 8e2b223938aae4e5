import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { packagedBinary } from '@platform/media-tools';

/** A real clip made by ffmpeg from its test sources: a picture (`size`), a 440 Hz tone (`audio`), or both. */
export interface ClipSpec {
  /** The picture, `WIDTHxHEIGHT`; without it the clip is sound only. */
  size?: `${number}x${number}`;
  /** Frames per second of the picture. */
  rate?: number;
  seconds: number;
  /** ffmpeg's test pattern, its busier second one (slower to transcode), or plain black (the smallest file). */
  picture?: 'testsrc' | 'testsrc2' | 'black';
  /** The picture's codec: H.264, or VP9 in a WebM. */
  video?: 'h264' | 'hevc' | 'vp9';
  /** 4:4:4 H.264 is valid but not web-safe: the worker has to transcode it. */
  pixels?: 'yuv420p' | 'yuv444p';
  /** The tone's codec. A sound-only clip always has it (AAC, Opus in a WebM); a picture only when asked. */
  audio?: 'aac' | 'opus';
  /** The container; `m4a` is the iPod flavour of MP4 that the `.m4a` name gives. */
  format?: 'mp4' | 'm4a' | 'mov' | 'webm';
  /**
   * MP4: `faststart` (the index before the media) or `fragmented` (as browsers record); WebM: `live`
   * (no duration, clusters of unknown size, as MediaRecorder writes). Without it ffmpeg's own: for an
   * MP4 the index after the media, as phones write.
   */
  layout?: 'faststart' | 'fragmented' | 'live';
  /** Stored sideways with a rotation tag, as phones store a portrait clip. */
  rotation?: 90;
}

export interface TestClip {
  file: string;
  bytes: Buffer;
}

const MUXER = { mp4: 'mp4', m4a: 'ipod', mov: 'mov', webm: 'webm' } as const;
const LAYOUT = {
  faststart: ['-movflags', '+faststart'],
  fragmented: ['-movflags', 'frag_keyframe+empty_moov+default_base_moof'],
  live: ['-live', '1'],
} as const;

let dir: string | undefined;
const made = new Map<string, string>();
let ffmpegPath: string | undefined;

// One folder of clips per test file (Jest gives each its own modules), removed after its tests.
if (typeof afterAll === 'function')
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
    made.clear();
  });

/** The system's ffmpeg, else the one the app itself falls back to (a registry package). */
function ffmpeg(): string {
  if (ffmpegPath === undefined) {
    try {
      execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
      ffmpegPath = 'ffmpeg';
    } catch {
      ffmpegPath = packagedBinary('ffmpeg') ?? 'ffmpeg';
    }
  }
  return ffmpegPath;
}

const run = (...args: string[]) =>
  execFileSync(ffmpeg(), ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args]);

function ffmpegArgs(spec: ClipSpec, format: keyof typeof MUXER, file: string): string[] {
  const { size, rate, picture = 'testsrc', pixels = 'yuv420p' } = spec;
  const args: string[] = [];
  if (size) {
    if (!rate) throw new Error('testClip: a picture needs its frame rate');
    const source = picture === 'black' ? 'color=c=black:' : `${picture}=`;
    args.push('-f', 'lavfi', '-i', `${source}size=${size}:rate=${rate}`);
  }
  const audio = spec.audio ?? (size ? undefined : format === 'webm' ? 'opus' : 'aac');
  if (audio) args.push('-f', 'lavfi', '-i', 'sine=frequency=440');
  args.push('-t', String(spec.seconds));
  if (size) {
    const video = spec.video ?? (format === 'webm' ? 'vp9' : 'h264');
    if (video === 'vp9') args.push('-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8');
    else if (video === 'hevc')
      args.push(
        ...['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1'],
        ...['-pix_fmt', pixels],
      );
    else args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', pixels);
  }
  if (audio) args.push('-c:a', audio === 'opus' ? 'libopus' : 'aac');
  if (size && audio) args.push('-shortest');
  if (spec.layout) args.push(...LAYOUT[spec.layout]);
  return [...args, '-f', MUXER[format], file];
}

/**
 * A real clip, made by ffmpeg the first time this test file asks for it and kept (a temp file per
 * distinct spec) until its tests are done, so a file that needs the same clip twice runs ffmpeg once.
 * Answers the file, for code that reads a path, and its bytes, for an upload.
 */
export function testClip(spec: ClipSpec): TestClip {
  const format = spec.format ?? 'mp4';
  // The same clip whatever the order its fields are written in.
  const key = JSON.stringify(Object.entries({ ...spec, format }).sort(([a], [b]) => a.localeCompare(b)));
  let file = made.get(key);
  if (!file) {
    dir ??= mkdtempSync(join(tmpdir(), 'dc-clips-'));
    file = join(dir, `clip-${made.size + 1}.${format}`);
    if (spec.rotation) {
      // ffmpeg 5 writes the rotation (a display matrix) only when stream-copying.
      const untagged = join(dir, `untagged-${made.size + 1}.${format}`);
      run(...ffmpegArgs(spec, format, untagged));
      run('-i', untagged, '-c', 'copy', '-metadata:s:v:0', `rotate=${spec.rotation}`, '-f', MUXER[format], file);
      rmSync(untagged);
    } else run(...ffmpegArgs(spec, format, file));
    made.set(key, file);
  }
  return { file, bytes: readFileSync(file) };
}
