import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import type { INestApplication } from '@nestjs/common';
import type { AppConfig } from '@platform/config';
import { canProcessVideo } from '@platform/media-tools';
import { APP_CONFIG } from '@platform/tokens';
import type { UserDoc } from '@projections/identity';

import { VideoPostsService } from '../../modules/social';
import type { Logger } from '../platform/logging';
import { type DemoTimeline, isoAt } from './demo-timeline';

const run = promisify(execFile);
const SEED_META = { actor: 'seed', requestId: 'seed' };
const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo videos: short vertical clips of ffmpeg's test pattern (nobody takes them for real footage),
 * captioned as seed data, posted [daysAgo] by the member at [author] in the demo list.
 */
const CLIPS: ReadonlyArray<{ author: number; daysAgo: number; caption: string; source: string; tone: number }> = [
  {
    author: 1,
    daysAgo: 9,
    caption: 'Seed video (demo): a quiet minute before Maghrib. #Reminder',
    source: 'testsrc2=size=360x640:rate=24',
    tone: 330,
  },
  {
    author: 2,
    daysAgo: 3,
    caption: 'Seed video (demo): our halaqa timetable for the week. #Learning',
    source: 'smptebars=size=360x640:rate=24',
    tone: 440,
  },
];
export const CLIP_SECONDS = 4;

/** The demo videos scheduled on the timeline, and what removes their clips once it has played. */
export interface ScheduledVideos {
  posts: number;
  cleanup: () => Promise<void>;
}

/**
 * Makes the demo clips and schedules their posts through the video composer's command (the clip goes
 * through media ingest and is transcoded by the worker like any upload), each at its day. Without a
 * working ffmpeg they are skipped with a log line: the rest of the demo does not need them.
 */
export async function seedVideos(
  app: INestApplication,
  members: UserDoc[],
  logger: Logger,
  timeline: DemoTimeline,
): Promise<ScheduledVideos> {
  const config = app.get<symbol, AppConfig>(APP_CONFIG);
  if (!canProcessVideo(config.ffmpeg.tools)) {
    logger.info('no working ffmpeg/ffprobe: the demo videos are skipped');
    return { posts: 0, cleanup: async () => {} };
  }
  const videos = app.get(VideoPostsService);
  const dir = await mkdtemp(join(tmpdir(), 'dc-seed-videos-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  let posts = 0;
  try {
    for (const [n, clip] of CLIPS.entries()) {
      const author = members[clip.author];
      if (!author) continue;
      const file = join(dir, `demo-${n + 1}.mp4`);
      try {
        await makeDemoClip(config.ffmpeg.ffmpegPath, clip.source, clip.tone, file);
      } catch (err) {
        logger.info({ err: (err as Error).message }, 'ffmpeg could not make the demo videos: they are skipped');
        break;
      }
      const { size } = await stat(file);
      const postedAt = Date.now() - clip.daysAgo * DAY;
      timeline.add(postedAt, () =>
        videos.create(
          author,
          {
            content: clip.caption,
            allowComments: true,
            declared: { duration: CLIP_SECONDS, width: 360, height: 640, size, format: 'video/mp4' },
          },
          { path: file, filename: `demo-${n + 1}.mp4` },
          { ...SEED_META, actor: author.id, occurredAt: isoAt(postedAt) },
          new Date(postedAt),
        ),
      );
      posts++;
    }
  } catch (err) {
    await cleanup();
    throw err;
  }
  return { posts, cleanup };
}

/** Writes a demo clip of `source` (an ffmpeg lavfi source) with a tone to `output`. */
export async function makeDemoClip(ffmpegPath: string, source: string, tone: number, output: string): Promise<void> {
  await run(ffmpegPath, clipArgs(source, tone, output), { timeout: 60_000 });
}

/** A few seconds of an ffmpeg test source and a tone: H.264 + AAC in a faststart MP4, small and quick to make. */
function clipArgs(source: string, tone: number, output: string): string[] {
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
    ...['-f', 'lavfi', '-i', source, '-f', 'lavfi', '-i', `sine=frequency=${tone}:sample_rate=44100`],
    ...['-t', String(CLIP_SECONDS), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '32', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '48k', '-shortest', '-movflags', '+faststart', '-map_metadata', '-1', output],
  ];
}
