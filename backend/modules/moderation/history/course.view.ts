import type { CourseHistoryView } from '@contract';
import type { CourseDetails, CourseEvent } from '@modules/learning';

import { type HistoryView, mediaOf, type SeenEvent, type ViewContext } from './types';

/** The outline a course page shows: lesson texts and videos stay behind the enrolment. */
const outline = (sections: CourseDetails['sections']): CourseHistoryView['curriculum'] =>
  sections.map((s) => ({
    title: s.title,
    lessons: s.lessons.map((l) => ({ title: l.title, durationSec: l.durationSec, freePreview: l.freePreview })),
  }));

function apply(view: CourseHistoryView, details: Partial<CourseDetails>, ctx: ViewContext): CourseHistoryView {
  const next = { ...view };
  if (details.title !== undefined) next.title = details.title;
  if (details.description !== undefined) next.description = details.description;
  if (details.category !== undefined) next.category = details.category;
  if (details.level !== undefined) next.level = details.level;
  if (details.price !== undefined) next.price = details.price;
  if (details.promoPrice !== undefined) next.promoPrice = details.promoPrice;
  if (details.thumbnailMediaId !== undefined)
    next.thumbnail = details.thumbnailMediaId
      ? mediaOf({ id: details.thumbnailMediaId, kind: 'image' }, ctx.media)
      : null;
  if (details.whatYouWillLearn !== undefined) next.whatYouWillLearn = details.whatYouWillLearn;
  if (details.sections !== undefined) next.curriculum = outline(details.sections);
  return next;
}

/** A course page as members saw it: title, description, price, outline, and whether it was published. */
export function foldCourse(events: readonly SeenEvent<CourseEvent>[], ctx: ViewContext): CourseHistoryView | null {
  let view: CourseHistoryView | null = null;
  for (const e of events) {
    if (e.type === 'CourseCreated') {
      const d = e.data;
      const blank: CourseHistoryView = {
        kind: 'course',
        courseId: d.courseId,
        teacherId: d.teacherId,
        title: '',
        description: '',
        category: '',
        level: '',
        price: 0,
        promoPrice: null,
        thumbnail: null,
        whatYouWillLearn: [],
        curriculum: [],
        published: false,
        createdAt: d.createdAt,
        updatedAt: d.createdAt,
      };
      view = apply(blank, d, ctx);
      continue;
    }
    if (!view) continue;
    switch (e.type) {
      case 'CourseEdited':
        view = { ...apply(view, e.data.changes, ctx), updatedAt: e.data.editedAt };
        break;
      case 'CoursePublished':
        view = { ...view, published: true, updatedAt: e.data.publishedAt };
        break;
      case 'CourseUnpublished':
        view = { ...view, published: false, updatedAt: e.data.unpublishedAt };
        break;
    }
  }
  return view;
}

export const courseView: HistoryView<CourseHistoryView, CourseEvent> = {
  needs: ['media'],
  fold: foldCourse,
  mediaIds: (events) =>
    events.flatMap((e) => {
      const id =
        e.type === 'CourseCreated'
          ? e.data.thumbnailMediaId
          : e.type === 'CourseEdited'
            ? e.data.changes.thumbnailMediaId
            : null;
      return id ? [id] : [];
    }),
};
