import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { testClip } from '@testing/clips';

import { Ffmpeg } from './ffmpeg';
import { prepareVideo } from './prepare-video';
import { ProcessTimeoutError, runProcess } from './run-process';

const ffmpeg = new Ffmpeg();
/** Where the preparations write. */
let dir: string;
let vp9: string;
let h264: string;
let audioOnly: string;
let hevc: string;
let long: string;

/** 2-second clips made by ffmpeg itself: a VP9 WebM (needs transcoding) and a web-safe H.264 MP4. */
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dc-video-'));
  vp9 = testClip({ size: '480x270', rate: 15, seconds: 2, format: 'webm', audio: 'opus' }).file;
  h264 = testClip({ size: '320x240', rate: 15, seconds: 2 }).file;
  audioOnly = testClip({ seconds: 1, format: 'm4a' }).file;
  // A phone's HEVC clip: portrait pixels stored sideways with a 90 degree rotation tag.
  hevc = testClip({ size: '320x180', rate: 15, seconds: 2, video: 'hevc', audio: 'aac', rotation: 90 }).file;
  long = testClip({ size: '32x32', rate: 1, seconds: 91, picture: 'black' }).file;
}, 30_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const limits = { maxDurationSeconds: 90, timeoutMs: () => 30_000 };

describe('video preparation (real ffmpeg)', () => {
  it('probes duration, size and codecs', async () => {
    const p = await ffmpeg.probe(vp9);
    expect(p.video).toMatchObject({ codec: 'vp9', width: 480, height: 270 });
    expect(p.audio).toEqual({ codec: 'opus' });
    expect(p.durationSeconds).toBeCloseTo(2, 0);
  });

  it('turns VP9/WebM into H.264 High + AAC MP4 with faststart and a poster', async () => {
    const work = mkdtempSync(join(dir, 'w-'));
    const out = await prepareVideo(ffmpeg, vp9, work, limits);
    expect(out.transcoded).toBe(true);
    const p = await ffmpeg.probe(out.file);
    expect(p.formatName).toMatch(/mp4/);
    expect(p.video).toMatchObject({ codec: 'h264', pixFmt: 'yuv420p', profile: 'High', width: 480, height: 270 });
    expect(p.audio).toEqual({ codec: 'aac' });
    // faststart: the index (moov) comes before the media data, so playback starts before the download ends.
    const bytes = readFileSync(out.file);
    expect(bytes.indexOf('moov')).toBeGreaterThan(0);
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    expect(out.durationSeconds).toBeCloseTo(2, 0);
    expect(out.poster.map((v) => v.name).sort()).toEqual(['poster-w320.avif', 'poster-w320.jpg', 'poster-w320.webp']);
  });

  it('turns a rotated HEVC phone clip into upright H.264 High + AAC with faststart', async () => {
    expect((await ffmpeg.probe(hevc)).video).toMatchObject({ codec: 'hevc', width: 320, height: 180, rotation: 90 });
    const work = mkdtempSync(join(dir, 'w-'));
    const out = await prepareVideo(ffmpeg, hevc, work, limits);
    expect(out.transcoded).toBe(true);
    const p = await ffmpeg.probe(out.file);
    expect(p.video).toMatchObject({ codec: 'h264', profile: 'High', pixFmt: 'yuv420p', rotation: 0 });
    // Upright: the sides swap, so the portrait clip comes out taller than wide.
    expect(p.video!.height).toBeGreaterThan(p.video!.width);
    expect(p.audio).toEqual({ codec: 'aac' });
    const bytes = readFileSync(out.file);
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    expect(out.poster.find((v) => v.mime === 'image/jpeg')).toMatchObject({ width: 180, height: 320 });
  });

  it('refuses a real 91-second clip against the 90-second limit, before any transcode', async () => {
    const work = mkdtempSync(join(dir, 'w-'));
    await expect(prepareVideo(ffmpeg, long, work, limits)).rejects.toMatchObject({
      name: 'MediaInputError',
      code: 'VIDEO_TOO_LONG',
      message: 'Video must be 90 seconds or shorter',
    });
  });

  it('only rewraps a web-safe MP4', async () => {
    const work = mkdtempSync(join(dir, 'w-'));
    const out = await prepareVideo(ffmpeg, h264, work, limits);
    expect(out.transcoded).toBe(false);
    expect((await ffmpeg.probe(out.file)).video).toMatchObject({ codec: 'h264', width: 320, height: 240 });
  });

  it('refuses a clip over the duration limit, audio-only files and garbage', async () => {
    await expect(
      prepareVideo(ffmpeg, h264, mkdtempSync(join(dir, 'w-')), { ...limits, maxDurationSeconds: 1 }),
    ).rejects.toMatchObject({ code: 'VIDEO_TOO_LONG', message: 'Video must be 1 seconds or shorter' });
    await expect(prepareVideo(ffmpeg, audioOnly, mkdtempSync(join(dir, 'w-')), limits)).rejects.toMatchObject({
      code: 'NO_VIDEO_STREAM',
      message: 'File appears to be audio-only or corrupted',
    });
    await expect(
      prepareVideo(ffmpeg, join(__dirname, 'ffmpeg.test.ts'), mkdtempSync(join(dir, 'w-')), limits),
    ).rejects.toMatchObject({ code: 'CORRUPT_VIDEO', message: 'Failed to load video metadata' });
  });

  it('kills a stuck ffmpeg at its time limit', async () => {
    const started = Date.now();
    // -re reads the endless source in real time: without the limit this would run for an hour.
    await expect(
      runProcess('ffmpeg', ['-nostdin', '-re', '-f', 'lavfi', '-i', 'testsrc', '-t', '3600', '-f', 'null', '-'], 400),
    ).rejects.toBeInstanceOf(ProcessTimeoutError);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
