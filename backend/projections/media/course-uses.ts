import type { CourseDetails } from '@modules/learning/events';

import type { CourseMedia, CourseMediaUse } from './docs';

/** What a course shows, from its details as created or as an edit changes them (a field absent stays). */
export function courseMediaOf(
  details: Partial<Pick<CourseDetails, 'sections' | 'thumbnailMediaId' | 'previewVideoMediaId'>>,
  before: CourseMedia | null = null,
): CourseMedia {
  return {
    lessons: details.sections
      ? details.sections.flatMap((s) =>
          s.lessons.flatMap((l) =>
            l.content.kind === 'video' ? [{ mediaId: l.content.mediaId, freePreview: l.freePreview }] : [],
          ),
        )
      : (before?.lessons ?? []),
    thumbnailMediaId:
      details.thumbnailMediaId !== undefined ? details.thumbnailMediaId : (before?.thumbnailMediaId ?? null),
    previewVideoMediaId:
      details.previewVideoMediaId !== undefined ? details.previewVideoMediaId : (before?.previewVideoMediaId ?? null),
  };
}

/**
 * How the course shows each of its media: `open` wins, since an item shown openly anywhere in the
 * course (a free-preview lesson, the thumbnail, the preview video) is no secret inside it.
 */
export function usesByMedia(course: CourseMedia | null): Map<string, CourseMediaUse> {
  const uses = new Map<string, CourseMediaUse>();
  if (!course) return uses;
  const open = (id: string | null) => id && uses.set(id, 'open');
  for (const l of course.lessons) {
    if (l.freePreview) open(l.mediaId);
    else if (!uses.has(l.mediaId)) uses.set(l.mediaId, 'locked');
  }
  open(course.thumbnailMediaId);
  open(course.previewVideoMediaId);
  return uses;
}
