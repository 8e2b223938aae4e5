import type { CourseDetails } from '@modules/learning/events';

import { inStream, projectionSpec } from '../runner/testing/projection-spec';
import { catalogueProjector } from './catalogue.projector';
import { CATALOGUE_META, CATALOGUE_META_ID, type CourseDoc, COURSES } from './docs';

const T = 'teacher-1';
const C = '0190d7c4-0000-7000-8000-0000000000c1';
const AT = '2026-11-25T10:00:00.000Z';

const details: CourseDetails = {
  title: 'Tajweed for beginners',
  description: 'Makharij and rules of noon sakinah',
  category: 'Quran',
  level: 'beginner',
  price: 150_000,
  promoPrice: null,
  thumbnailMediaId: null,
  previewVideoMediaId: null,
  whatYouWillLearn: ['Pronounce the letters'],
  sections: [
    {
      id: 's1',
      title: 'Letters',
      lessons: [
        {
          id: 'l1',
          title: 'Throat letters',
          durationSec: 300,
          freePreview: true,
          content: { kind: 'text', text: 'ء ه ع ح غ خ' },
        },
        {
          id: 'l2',
          title: 'Lip letters',
          durationSec: 420,
          freePreview: false,
          content: { kind: 'text', text: 'ف ب م و' },
        },
      ],
    },
  ],
};

const applied = inStream(`teacher-${T}`, {
  type: 'TeacherApplicationSubmitted',
  data: { userId: T, bio: 'Ijazah in Hafs', topics: ['Quran'], priceRange: '$0 - $25', submittedAt: AT },
});
const course = inStream(
  `course-${C}`,
  { type: 'CourseCreated', data: { ...details, courseId: C, teacherId: T, createdAt: AT } },
  { type: 'CoursePublished', data: { courseId: C, teacherId: T, publishedAt: AT } },
);
const enrol = (userId: string) =>
  inStream(`enrolment-${C}-${userId}`, {
    type: 'EnrolmentGranted',
    data: { courseId: C, userId, teacherId: T, source: { kind: 'order', orderId: `o-${userId}` }, enrolledAt: AT },
  });
const review = (userId: string, rating: number, edit = false) =>
  inStream(`review-${C}-${userId}`, {
    type: edit ? 'ReviewEdited' : 'ReviewWritten',
    data: { courseId: C, userId, teacherId: T, rating, comment: '', ...(edit ? { editedAt: AT } : { writtenAt: AT }) },
  });

describe('catalogue projector', () => {
  it("gives a teacher's later application (its bio and topics) to the courses they teach already", async () => {
    const again = inStream(`teacher-${T}`, {
      type: 'TeacherApplicationSubmitted',
      data: { userId: T, bio: 'Seerah too', topics: ['Quran', 'Seerah'], priceRange: '$0 - $25', submittedAt: AT },
    });
    await projectionSpec(catalogueProjector)
      .given(course)
      .given(again)
      .then<CourseDoc>(COURSES, C, { teacherBio: 'Seerah too', teacherTopics: ['Quran', 'Seerah'] });
  });

  it('lists a course with its teacher bio and topics, totals and published state', async () => {
    await projectionSpec(catalogueProjector)
      .given(applied)
      .given(course)
      .then<CourseDoc>(COURSES, C, {
        teacherId: T,
        teacherBio: 'Ijazah in Hafs',
        teacherTopics: ['Quran'],
        published: true,
        publishedAt: AT,
        totals: { sections: 1, lessons: 2, durationSec: 720 },
        students: 0,
        ratingCount: 0,
      });
  });

  it('counts students and ratings, undoing a rating on edit, and a student and their rating on refund', async () => {
    const given = projectionSpec(catalogueProjector)
      .given(course)
      .given(enrol('a'))
      .given(enrol('b'))
      .given(review('a', 5))
      .given(review('b', 3))
      .given(review('b', 4, true))
      .given(
        inStream(`enrolment-${C}-b`, {
          type: 'EnrolmentRevoked',
          data: { courseId: C, userId: 'b', orderId: 'o-b', reason: 'refund', revokedAt: AT },
        }),
      );
    await given.then<CourseDoc>(COURSES, C, {
      students: 1,
      ratingSum: 5,
      ratingCount: 1,
      distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 1 },
    });
    // The same in batches of one event, and replayed: nothing lost or doubled.
    await given.inBatchesOf(1).then(async (read) => {
      const again = await read.replay({ batchSize: 3 });
      expect(await again<CourseDoc>(COURSES).get(C)).toMatchObject({ students: 1, ratingSum: 5, ratingCount: 1 });
    });
  });

  it("takes a refunded student's review out of the ratings and puts it back when they enrol again", async () => {
    const revoked = (userId: string, orderId = `o-${userId}`) =>
      inStream(`enrolment-${C}-${userId}`, {
        type: 'EnrolmentRevoked',
        data: { courseId: C, userId, orderId, reason: 'refund', revokedAt: AT },
      });
    // The attack: a 1-star review, then a refund; the course must not keep the rating.
    const attacked = projectionSpec(catalogueProjector)
      .given(course)
      .given(enrol('x'))
      .given(review('x', 1))
      .given(revoked('x'));
    await attacked.then<CourseDoc>(COURSES, C, {
      students: 0,
      ratingSum: 0,
      ratingCount: 0,
      distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
    });
    // An edit while not enrolled is remembered but not counted; enrolling again counts the latest rating.
    const back = attacked.given(review('x', 2, true)).given(enrol('x'));
    await back.then<CourseDoc>(COURSES, C, {
      students: 1,
      ratingSum: 2,
      ratingCount: 1,
      distribution: { '1': 0, '2': 1, '3': 0, '4': 0, '5': 0 },
    });
    // One event at a time and rebuilt from the log: the same numbers.
    await back.inBatchesOf(1).then(async (read) => {
      const again = await read.replay({ batchSize: 2 });
      expect(await again<CourseDoc>(COURSES).get(C)).toMatchObject({ students: 1, ratingSum: 2, ratingCount: 1 });
    });
  });

  it('does not count a review that reaches the log after its author was refunded', async () => {
    const late = projectionSpec(catalogueProjector)
      .given(course)
      .given(enrol('y'))
      .given(enrol('z'))
      .given(review('z', 4))
      .given(
        inStream(`enrolment-${C}-y`, {
          type: 'EnrolmentRevoked',
          data: { courseId: C, userId: 'y', orderId: 'o-y', reason: 'refund', revokedAt: AT },
        }),
      )
      .given(review('y', 1));
    await late.then<CourseDoc>(COURSES, C, { students: 1, ratingSum: 4, ratingCount: 1 });
    await late.given(enrol('y')).then<CourseDoc>(COURSES, C, {
      students: 2,
      ratingSum: 5,
      ratingCount: 2,
      distribution: { '1': 1, '2': 0, '3': 0, '4': 1, '5': 0 },
    });
  });

  it('moves the catalogue revision with every course change', async () => {
    await projectionSpec(catalogueProjector)
      .given(course)
      .given(
        inStream(`course-${C}`, {
          type: 'CourseEdited',
          data: { courseId: C, changes: { title: 'Tajweed I', sections: [] }, editedAt: AT },
        }),
      )
      .then(async (read) => {
        const meta = await read.collection(CATALOGUE_META).get(CATALOGUE_META_ID);
        const doc = await read.collection<CourseDoc>(COURSES).get(C);
        expect(meta).toMatchObject({ rev: 3, epoch: C });
        expect(doc).toMatchObject({ rev: 3, title: 'Tajweed I', totals: { sections: 0, lessons: 0, durationSec: 0 } });
      });
  });
});
