import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import type { CourseEvent } from '../events';
import { courseDecider, courseLessons } from './course.decider';
import type { CourseInput } from './course-input';

const T0 = '2026-11-25T10:00:00.000Z';
const T1 = '2026-11-25T11:00:00.000Z';
const TEACHER = 't1';

const input: CourseInput = {
  title: '  Tajweed for Beginners ',
  description: 'Recite the Quran with the rules of tajweed, from makharij to madd.',
  category: 'Quran',
  level: 'beginner',
  price: '1500',
  promoPrice: '2500.50',
  thumbnailMediaId: 'm-thumb',
  previewVideoMediaId: null,
  whatYouWillLearn: [' Pronounce every letter from its makhraj ', 'Apply the rules of noon sakinah'],
  sections: [
    {
      id: 's1',
      title: 'The letters',
      lessons: [
        { id: 'l1', title: 'Makharij', durationSec: 600, freePreview: true, content: { kind: 'video', mediaId: 'v1' } },
        { id: 'l2', title: 'Sifaat', durationSec: 0, freePreview: false, content: { kind: 'text', text: ' Notes ' } },
      ],
    },
  ],
};

const created: CourseEvent = {
  type: 'CourseCreated',
  data: {
    courseId: 'c1',
    teacherId: TEACHER,
    title: 'Tajweed for Beginners',
    description: 'Recite the Quran with the rules of tajweed, from makharij to madd.',
    category: 'Quran',
    level: 'beginner',
    price: 150_000,
    promoPrice: 250_050,
    thumbnailMediaId: 'm-thumb',
    previewVideoMediaId: null,
    whatYouWillLearn: ['Pronounce every letter from its makhraj', 'Apply the rules of noon sakinah'],
    sections: [
      {
        id: 's1',
        title: 'The letters',
        lessons: [
          {
            id: 'l1',
            title: 'Makharij',
            durationSec: 600,
            freePreview: true,
            content: { kind: 'video', mediaId: 'v1' },
          },
          { id: 'l2', title: 'Sifaat', durationSec: 0, freePreview: false, content: { kind: 'text', text: 'Notes' } },
        ],
      },
    ],
    createdAt: T0,
  },
};
const create = {
  type: 'CreateCourse',
  courseId: 'c1',
  actorId: TEACHER,
  isTeacher: true,
  course: input,
  now: T0,
} as const;
const withCourse = (over: Partial<CourseInput>) => ({ ...create, course: { ...input, ...over } });
const edit = (patch: Partial<CourseInput>, actorId = TEACHER) =>
  ({ type: 'EditCourse', actorId, patch, now: T1 }) as const;
const publish = { type: 'PublishCourse', actorId: TEACHER, now: T1 } as const;
const unpublish = { type: 'UnpublishCourse', actorId: TEACHER, now: T1 } as const;
const publishedEvent: CourseEvent = {
  type: 'CoursePublished',
  data: { courseId: 'c1', teacherId: TEACHER, publishedAt: T1 },
};

const spec = DeciderSpec.for(courseDecider);
const draft = spec.given([created]);
const live = draft.given([publishedEvent]);

describe('course decider', () => {
  it('creates a draft course for an approved teacher, trimmed, prices in cents', () => {
    const { state } = spec.when(create).then([created]);
    expect(state.published).toBe(false);
    expect(courseLessons(state).map((l) => l.id)).toEqual(['l1', 'l2']);
    spec.when(withCourse({ price: '0', promoPrice: null })).then((events) => {
      expect(events[0]!.data).toMatchObject({ price: 0, promoPrice: null });
    });
    spec
      .when(withCourse({ promoPrice: '' }))
      .then((events) => expect(events[0]!.data).toMatchObject({ promoPrice: null }));
    draft.when(create).thenThrows({ code: 'COURSE_EXISTS', status: 409 });
  });

  it('refuses members who are not approved teachers (403)', () => {
    spec.when({ ...create, isTeacher: false }).thenThrows({ code: 'NOT_A_TEACHER', status: 403 });
  });

  it('requires a title and description within their maximums', () => {
    spec.when(withCourse({ title: '  ' })).thenThrows({ status: 400, message: 'Title is required' });
    spec
      .when(withCourse({ title: 'x'.repeat(121) }))
      .thenThrows({ status: 400, message: expect.stringMatching(/120/) });
    spec.when(withCourse({ title: 'x'.repeat(120) })).then((events) => expect(events).toHaveLength(1));
    spec.when(withCourse({ description: '' })).thenThrows({ status: 400, message: 'Description is required' });
    spec
      .when(withCourse({ description: 'x'.repeat(5001) }))
      .thenThrows({ status: 400, message: expect.stringMatching(/5000/) });
  });

  it("accepts only the spec's categories and levels", () => {
    spec
      .when(withCourse({ category: 'Seerah' }))
      .thenThrows({ status: 400, message: expect.stringMatching(/Category must be/) });
    spec.when(withCourse({ category: 'all' })).thenThrows({ status: 400 });
    spec
      .when(withCourse({ level: 'expert' }))
      .thenThrows({ status: 400, message: expect.stringMatching(/Level must be/) });
    for (const category of ['Hadith', 'Fiqh', 'Aqeedah', 'Arabic', 'History', 'Family', 'Tafsir'])
      spec.when(withCourse({ category })).then((events) => expect(events[0]!.data).toMatchObject({ category }));
    for (const level of ['intermediate', 'advanced'])
      spec.when(withCourse({ level })).then((events) => expect(events[0]!.data).toMatchObject({ level }));
  });

  it('takes prices from 0 to 50000 KES with at most 2 decimals, promo price only above the price', () => {
    spec.when(withCourse({ price: '-1' })).thenThrows({ status: 400, message: expect.stringMatching(/Price must be/) });
    spec.when(withCourse({ price: '50000.01', promoPrice: null })).thenThrows({ status: 400 });
    spec.when(withCourse({ price: '1.999' })).thenThrows({ status: 400 });
    spec.when(withCourse({ price: 'free' })).thenThrows({ status: 400 });
    spec
      .when(withCourse({ price: '50000', promoPrice: null }))
      .then((events) => expect(events[0]!.data).toMatchObject({ price: 5_000_000 }));
    spec
      .when(withCourse({ promoPrice: '1500' }))
      .thenThrows({ status: 400, message: expect.stringMatching(/greater than the price/) });
    spec.when(withCourse({ promoPrice: '1000' })).thenThrows({ status: 400 });
    spec
      .when(withCourse({ promoPrice: '60000' }))
      .thenThrows({ status: 400, message: expect.stringMatching(/Promo price must be an amount/) });
  });

  it('validates what you will learn and the curriculum', () => {
    spec.when(withCourse({ whatYouWillLearn: Array(21).fill('point') })).thenThrows({ status: 400 });
    spec
      .when(withCourse({ whatYouWillLearn: ['ok', ' '] }))
      .thenThrows({ status: 400, message: expect.stringMatching(/point must be/) });
    const [section] = input.sections;
    const [lesson] = section!.lessons;
    const withLesson = (over: object) =>
      withCourse({ sections: [{ ...section!, lessons: [{ ...lesson!, ...over }] }] });
    spec
      .when(withLesson({ title: '' }))
      .thenThrows({ status: 400, message: expect.stringMatching(/lesson needs a title/) });
    spec.when(withLesson({ durationSec: -1 })).thenThrows({ status: 400, message: expect.stringMatching(/duration/) });
    spec.when(withLesson({ durationSec: 1.5 })).thenThrows({ status: 400 });
    spec.when(withLesson({ durationSec: 12 * 3600 + 1 })).thenThrows({ status: 400 });
    spec
      .when(withLesson({ content: { kind: 'video', mediaId: ' ' } }))
      .thenThrows({ status: 400, message: expect.stringMatching(/video or a text/) });
    spec.when(withLesson({ content: { kind: 'text', text: '' } })).thenThrows({ status: 400 });
    spec.when(withLesson({ id: 's1' })).thenThrows({ status: 400, message: expect.stringMatching(/unique/) });
    spec
      .when(withCourse({ sections: [section!, section!] }))
      .thenThrows({ status: 400, message: expect.stringMatching(/unique/) });
    spec
      .when(withCourse({ sections: [{ ...section!, title: ' ' }] }))
      .thenThrows({ status: 400, message: expect.stringMatching(/section needs/) });
    spec.when(withCourse({ sections: [] })).then((events) => expect(events).toHaveLength(1));
  });

  it('lets only its teacher edit, recording just the fields that changed', () => {
    draft.when(edit({ title: 'Tajweed for Beginners', price: '1200', level: 'intermediate' })).then([
      {
        type: 'CourseEdited',
        data: { courseId: 'c1', changes: { price: 120_000, level: 'intermediate' }, editedAt: T1 },
      },
    ]);
    draft.when(edit({ title: ' Tajweed for Beginners ', promoPrice: '2500.5' })).thenNothingHappened();
    draft.when(edit({ price: '9' }, 't2')).thenThrows({ code: 'NOT_COURSE_TEACHER', status: 403 });
    draft.when(edit({ title: '' })).thenThrows({ status: 400 });
    spec.when(edit({ title: 'New' })).thenThrows({ code: 'COURSE_NOT_FOUND', status: 404 });
  });

  it('holds the promo rule against the edited course as a whole', () => {
    draft
      .when(edit({ price: '3000' }))
      .thenThrows({ status: 400, message: expect.stringMatching(/greater than the price/) });
    draft
      .when(edit({ price: '3000', promoPrice: null }))
      .then((_, state) => expect(state.details).toMatchObject({ price: 300_000, promoPrice: null }));
  });

  it('publishes a course with at least one lesson, once, by its teacher', () => {
    const { state } = draft.when(publish).then([publishedEvent]);
    expect(state.published).toBe(true);
    live.when(publish).thenThrows({ code: 'ALREADY_PUBLISHED', status: 409 });
    draft.when({ ...publish, actorId: 't2' }).thenThrows({ status: 403 });
    spec.when(publish).thenThrows({ status: 404 });
    const empty = spec.given(
      spec.when(withCourse({ sections: [{ id: 's1', title: 'Soon', lessons: [] }] })).decide().events,
    );
    empty.when(publish).thenThrows({
      code: 'COURSE_NEEDS_LESSONS',
      status: 409,
      message: expect.stringMatching(/at least one section with a lesson/),
    });
  });

  it('keeps a published course from being edited down to no lessons', () => {
    live.when(edit({ sections: [] })).thenThrows({ code: 'COURSE_NEEDS_LESSONS', status: 409 });
    draft.when(edit({ sections: [] })).then((events) => expect(events).toHaveLength(1));
  });

  it('unpublishes a published course, by its teacher; it can be published again', () => {
    const { events, state } = live
      .when(unpublish)
      .then([{ type: 'CourseUnpublished', data: { courseId: 'c1', teacherId: TEACHER, unpublishedAt: T1 } }]);
    expect(state.published).toBe(false);
    draft.when(unpublish).thenThrows({ code: 'NOT_PUBLISHED', status: 409 });
    live.when({ ...unpublish, actorId: 't2' }).thenThrows({ status: 403 });
    live
      .given(events)
      .when(publish)
      .then((again) => expect(again[0]!.type).toBe('CoursePublished'));
  });
});
