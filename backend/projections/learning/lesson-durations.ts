import type { CourseSection } from '@modules/learning/events';
import type { MediaProcessedData } from '@modules/media/events';

import type { ProjectionContext } from '../runner';

/**
 * The catalogue's own record of each video's probed length and of the courses whose lessons play it
 * (`<mediaId>`), so that a video lesson's duration is the video's, whichever comes first in the log:
 * the probe (the usual case: the teacher saves after the upload) or the course naming the video.
 */
export const CATALOGUE_MEDIA = 'learning_catalogue_media';

export interface CatalogueMediaDoc {
  /** The media id. */
  id: string;
  [key: string]: unknown;
  /** Whole seconds (probedLessonSeconds); null until the worker has probed the video. */
  durationSec: number | null;
  /** Courses whose lessons named the video at some point (a probe updates those still playing it). */
  courses: string[];
}

/**
 * A video lesson's duration from the worker's probe (seconds, fractional): whole seconds, rounded,
 * and at least 1 for any clip with a length, so a 0.4 s clip never reads as nothing.
 */
export function probedLessonSeconds(durationSeconds: number): number {
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return 0;
  return Math.max(1, Math.round(durationSeconds));
}

/** A video's processing outcome carries its length (an image's or a voice note's does not count here). */
export const isVideoOutcome = (data: Pick<MediaProcessedData, 'variants' | 'durationSeconds'>) =>
  data.durationSeconds !== null && data.variants.some((v) => v.role === 'video');

const videoIdsOf = (sections: CourseSection[]) => [
  ...new Set(
    sections.flatMap((s) => s.lessons.flatMap((l) => (l.content.kind === 'video' ? [l.content.mediaId] : []))),
  ),
];

/** The sections with each lesson playing `durations`' videos at the probed length (the same array when nothing moves). */
export function withDurations(sections: CourseSection[], durations: ReadonlyMap<string, number>): CourseSection[] {
  let moved = false;
  const next = sections.map((s) => ({
    ...s,
    lessons: s.lessons.map((l) => {
      const probed = l.content.kind === 'video' ? durations.get(l.content.mediaId) : undefined;
      if (probed === undefined || probed === l.durationSec) return l;
      moved = true;
      return { ...l, durationSec: probed };
    }),
  }));
  return moved ? next : sections;
}

/**
 * A course's curriculum as the catalogue keeps it: its video lessons at their videos' probed lengths
 * (those not probed yet keep what the course says until the probe comes). Records the course
 * against each of its videos, for the probe to find.
 */
export async function probedCurriculum(
  ctx: ProjectionContext,
  courseId: string,
  sections: CourseSection[],
): Promise<CourseSection[]> {
  const ids = videoIdsOf(sections);
  if (ids.length === 0) return sections;
  const media = ctx.collection<CatalogueMediaDoc>(CATALOGUE_MEDIA);
  const known = new Map((await media.getMany(ids)).map((d) => [d.id, d]));
  const durations = new Map<string, number>();
  for (const id of ids) {
    const doc = known.get(id);
    if (doc?.durationSec != null) durations.set(id, doc.durationSec);
    if (!doc?.courses.includes(courseId))
      await media.upsert({ id, durationSec: doc?.durationSec ?? null, courses: [...(doc?.courses ?? []), courseId] });
  }
  return withDurations(sections, durations);
}

/** Records a video's probed length; answers the courses that named it (their lessons may need it). */
export async function recordProbe(ctx: ProjectionContext, mediaId: string, durationSeconds: number) {
  const media = ctx.collection<CatalogueMediaDoc>(CATALOGUE_MEDIA);
  const doc = await media.get(mediaId);
  const durationSec = probedLessonSeconds(durationSeconds);
  if (doc?.durationSec !== durationSec) await media.upsert({ id: mediaId, durationSec, courses: doc?.courses ?? [] });
  return { durationSec, courses: doc?.courses ?? [] };
}
