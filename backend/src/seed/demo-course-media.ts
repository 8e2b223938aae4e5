import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { INestApplication } from '@nestjs/common';
import type { AppConfig } from '@platform/config';
import type { CommandMetadata } from '@platform/decider';
import { canProcessVideo } from '@platform/media-tools';
import { APP_CONFIG } from '@platform/tokens';

import type { Logger } from '../platform/logging';
import type { DemoCourse } from './demo-courses';
import { coverFonts, renderCover } from './demo-covers';
import { mapBounded, uploadAs } from './demo-uploads';
import { CLIP_SECONDS, makeDemoClip } from './demo-videos';

/**
 * The paid demo courses that carry a video lesson (the demo clip), so a newcomer can try the
 * paid-content protection right after `npm start`: only an enrolled member, the teacher or a
 * moderator is served the video.
 */
export const VIDEO_LESSON_COURSES: readonly string[] = [
  'The Rules of Madd: Lengthening in Recitation',
  'Quranic Arabic: The 100 Most Frequent Words',
  'Zakah Made Clear',
];

/** The lesson each of them gets, second in its first section, so the free preview stays text. */
export const VIDEO_LESSON_TITLE = 'Seed video (demo): the lesson in four seconds';

/** Enough to overlap rendering with the uploads' writes, few enough to leave the machine's other work room. */
const COVER_CONCURRENCY = 3;

export interface CourseMedia {
  /** Cover media id of each course, in the catalogue's order. */
  covers: string[];
  /** Lesson video media id by course title (none without a working ffmpeg). */
  lessonVideos: Map<string, string>;
}

/**
 * Makes every course's cover and the video lessons' clips, and uploads each as its teacher through
 * the chunked upload, as the course editor does; the worker then makes their variants and transcodes.
 */
export async function seedCourseMedia(
  app: INestApplication,
  courses: readonly DemoCourse[],
  teacherOf: (course: DemoCourse) => string,
  meta: CommandMetadata,
  logger: Logger,
): Promise<CourseMedia> {
  const fonts = await coverFonts(courses.map((c) => c.title));
  if (!fonts.text) logger.info('no fonts found (fc-list): the demo course covers carry no titles');
  const covers = await mapBounded(courses, COVER_CONCURRENCY, async (course, i) => {
    const bytes = await renderCover({ title: course.title, category: course.category, seed: i }, fonts);
    const owner = teacherOf(course);
    return uploadAs(
      app,
      owner,
      { bytes, filename: `cover-${i + 1}.jpg`, fileType: 'image/jpeg', purpose: 'image' },
      { ...meta, actor: owner },
    );
  });
  return { covers, lessonVideos: await lessonVideos(app, courses, teacherOf, meta, logger) };
}

async function lessonVideos(
  app: INestApplication,
  courses: readonly DemoCourse[],
  teacherOf: (course: DemoCourse) => string,
  meta: CommandMetadata,
  logger: Logger,
): Promise<Map<string, string>> {
  const videos = new Map<string, string>();
  const config = app.get<symbol, AppConfig>(APP_CONFIG);
  if (!canProcessVideo(config.ffmpeg.tools)) {
    logger.info('no working ffmpeg/ffprobe: the demo video lessons are skipped');
    return videos;
  }
  const dir = await mkdtemp(join(tmpdir(), 'dc-seed-lessons-'));
  try {
    const file = join(dir, 'lesson.mp4');
    try {
      await makeDemoClip(config.ffmpeg.ffmpegPath, 'testsrc2=size=640x360:rate=24', 523, file);
    } catch (err) {
      logger.info({ err: (err as Error).message }, 'ffmpeg could not make the demo lesson clip: it is skipped');
      return videos;
    }
    const bytes = await readFile(file);
    for (const title of VIDEO_LESSON_COURSES) {
      const course = courses.find((c) => c.title === title);
      if (!course) throw new Error(`seed: no demo course "${title}" for a video lesson`);
      if (course.price === '0') throw new Error(`seed: "${title}" is free; the video lessons show paid content`);
      const owner = teacherOf(course);
      // Each teacher uploads their own copy: a course shows only its teacher's uploads.
      const mediaId = await uploadAs(
        app,
        owner,
        { bytes, filename: 'lesson.mp4', fileType: 'video/mp4', purpose: 'post' },
        { ...meta, actor: owner },
      );
      videos.set(title, mediaId);
    }
    return videos;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The video lesson's place in a course's curriculum: a paid lesson after the free preview. */
export function videoLesson(mediaId: string) {
  return {
    title: VIDEO_LESSON_TITLE,
    durationSec: CLIP_SECONDS,
    freePreview: false,
    content: { kind: 'video' as const, mediaId },
  };
}
