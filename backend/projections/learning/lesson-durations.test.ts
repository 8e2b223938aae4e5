import type { CourseDetails, Lesson } from '@modules/learning/events';
import type { MediaVariant } from '@modules/media/events';

import { inStream, projectionSpec } from '../runner/testing/projection-spec';
import { catalogueProjector } from './catalogue.projector';
import { type CourseDoc, COURSES } from './docs';
import { probedLessonSeconds } from './lesson-durations';

const T = 'teacher-1';
const C = '0190d7c4-0000-7000-8000-0000000000c1';
const OTHER = '0190d7c4-0000-7000-8000-0000000000c2';
const V = '0190d7c4-0000-7000-8000-0000000000f1';
const AT = '2026-11-25T10:00:00.000Z';

const video = (durationSec: number, mediaId = V): Lesson => ({
  id: `video-${mediaId}`,
  title: 'Al-Fatiha, recited slowly',
  durationSec,
  freePreview: false,
  content: { kind: 'video', mediaId },
});
const text: Lesson = {
  id: 'text',
  title: 'Its meanings',
  durationSec: 420,
  freePreview: true,
  content: { kind: 'text', text: 'Praise be to Allah…' },
};

const details = (lessons: Lesson[]): CourseDetails => ({
  title: 'Al-Fatiha',
  description: 'The opening chapter',
  category: 'Quran',
  level: 'beginner',
  price: 0,
  promoPrice: null,
  thumbnailMediaId: null,
  previewVideoMediaId: null,
  whatYouWillLearn: [],
  sections: [{ id: 's1', title: 'Recitation', lessons }],
});

const created = (courseId: string, lessons: Lesson[]) =>
  inStream(`course-${courseId}`, {
    type: 'CourseCreated',
    data: { ...details(lessons), courseId, teacherId: T, createdAt: AT },
  });
const edited = (lessons: Lesson[]) =>
  inStream(`course-${C}`, {
    type: 'CourseEdited',
    data: { courseId: C, changes: { sections: details(lessons).sections }, editedAt: AT },
  });

const variant = (role: MediaVariant['role'], name: string): MediaVariant => ({
  name,
  key: `media/${V}/${name}`,
  mime: role === 'video' ? 'video/mp4' : 'image/jpeg',
  role,
  width: 160,
  height: 120,
  bytes: 1000,
});
/** The worker's two outcomes: the poster with the original's probe, then the transcode's own length. */
const posterPrepared = (seconds: number, mediaId = V) =>
  inStream(`media-${mediaId}`, {
    type: 'MediaPosterPrepared',
    data: {
      mediaId,
      width: 160,
      height: 120,
      durationSeconds: seconds,
      variants: [variant('poster', 'poster-w320.jpg')],
      preparedAt: AT,
    },
  });
const processed = (seconds: number | null, roles: MediaVariant['role'][] = ['video', 'poster']) =>
  inStream(`media-${V}`, {
    type: 'MediaProcessed',
    data: {
      mediaId: V,
      width: 160,
      height: 120,
      durationSeconds: seconds,
      variants: roles.map((role) => variant(role, `${role}.bin`)),
      processedAt: AT,
    },
  });

const lengths = (doc: CourseDoc | null) => [
  doc?.sections.flatMap((s) => s.lessons.map((l) => l.durationSec)),
  doc?.totals.durationSec,
];

describe('catalogue projector: a video lesson lasts as long as its video', () => {
  it('rounds the probe to whole seconds, at least 1 for any clip with a length', () => {
    expect([5.04, 4.5, 0.4, 0, -1, Number.NaN, 43_199.6].map(probedLessonSeconds)).toEqual([5, 5, 1, 0, 0, 0, 43_200]);
  });

  it('gives a lesson saved after the probe the probed length, not the typed one', async () => {
    const given = projectionSpec(catalogueProjector)
      .given(posterPrepared(5.04))
      .given(created(C, [video(300), text]));
    await given.then(async (read) => {
      expect(lengths(await read.collection<CourseDoc>(COURSES).get(C))).toEqual([[5, 420], 425]);
    });
    // One event at a time, and rebuilt from the log: the same.
    await given.inBatchesOf(1).then(async (read) => {
      const again = await read.replay({ batchSize: 1 });
      expect(lengths(await again<CourseDoc>(COURSES).get(C))).toEqual([[5, 420], 425]);
    });
  });

  it('fills in a lesson saved before the probe when the probe comes, then takes the transcode’s length', async () => {
    const saved = projectionSpec(catalogueProjector).given(created(C, [video(0), text]));
    await saved.then(async (read) => {
      expect(lengths(await read.collection<CourseDoc>(COURSES).get(C))).toEqual([[0, 420], 420]);
    });
    const probed = saved.given(posterPrepared(4.96));
    await probed.then(async (read) => {
      const doc = await read.collection<CourseDoc>(COURSES).get(C);
      expect(lengths(doc)).toEqual([[5, 420], 425]);
      // A change of the course: a reader's copy of the catalogue takes it up.
      expect(doc?.rev).toBe(2);
    });
    await probed.given(processed(6.2)).then(async (read) => {
      expect(lengths(await read.collection<CourseDoc>(COURSES).get(C))).toEqual([[6, 420], 426]);
    });
    // The same outcome again changes nothing, not even the revision.
    await probed.given(posterPrepared(4.96)).then(async (read) => {
      expect((await read.collection<CourseDoc>(COURSES).get(C))?.rev).toBe(2);
    });
  });

  it('keeps the probe through edits, for every course that plays the video, and only for video lessons', async () => {
    const second = '0190d7c4-0000-7000-8000-0000000000f2';
    await projectionSpec(catalogueProjector)
      .given(created(C, [text]))
      .given(created(OTHER, [video(60)]))
      .given(posterPrepared(12))
      // The first course takes the video up later, with a length typed for it.
      .given(edited([video(999), { ...text, durationSec: 30 }]))
      // A video without a picture track's outcome (a voice note) and an image's say nothing of lessons.
      .given(processed(3, []))
      .given(processed(null, ['image']))
      .given(created('0190d7c4-0000-7000-8000-0000000000c3', [video(7, second)]))
      .then(async (read) => {
        const courses = read.collection<CourseDoc>(COURSES);
        expect(lengths(await courses.get(C))).toEqual([[12, 30], 42]);
        expect(lengths(await courses.get(OTHER))).toEqual([[12], 12]);
        // A video never probed keeps what its course says until its probe comes.
        expect(lengths(await courses.get('0190d7c4-0000-7000-8000-0000000000c3'))).toEqual([[7], 7]);
      });
  });

  it('moves nothing in a course that no longer plays the video', async () => {
    await projectionSpec(catalogueProjector)
      .given(created(C, [video(0)]))
      .given(edited([text]))
      .given(posterPrepared(5))
      .then(async (read) => {
        const doc = await read.collection<CourseDoc>(COURSES).get(C);
        expect(lengths(doc)).toEqual([[420], 420]);
        expect(doc?.rev).toBe(2);
      });
  });
});
