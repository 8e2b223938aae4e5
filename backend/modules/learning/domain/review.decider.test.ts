import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import type { ReviewEvent } from '../events';
import { reviewDecider } from './review.decider';

const T0 = '2026-11-25T10:00:00.000Z';
const T1 = '2026-11-26T10:00:00.000Z';
const write = {
  type: 'WriteReview',
  courseId: 'c1',
  userId: 'u1',
  teacherId: 't1',
  enrolled: true,
  rating: 5,
  comment: '  Clear and patient, jazakAllahu khayran ',
  now: T0,
} as const;
const review = {
  courseId: 'c1',
  userId: 'u1',
  teacherId: 't1',
  rating: 5,
  comment: 'Clear and patient, jazakAllahu khayran',
};
const written: ReviewEvent = { type: 'ReviewWritten', data: { ...review, writtenAt: T0 } };
const reply = (text: string, actorId = 't1') => ({ type: 'ReplyToReview', actorId, reply: text, now: T1 }) as const;

const spec = DeciderSpec.for(reviewDecider);
const reviewed = spec.given([written]);

describe('review decider', () => {
  it('lets an enrolled student write a review, comment trimmed', () => {
    spec.when(write).then([written]);
    spec.when({ ...write, comment: '' }).then((events) => expect(events[0]!.data).toMatchObject({ comment: '' }));
  });

  it('refuses students who are not enrolled, and the teacher on their own course (403)', () => {
    spec.when({ ...write, enrolled: false }).thenThrows({
      code: 'NOT_ENROLLED',
      status: 403,
      message: 'Only students enrolled in this course can review it',
    });
    spec.when({ ...write, userId: 't1' }).thenThrows({ code: 'OWN_COURSE', status: 403 });
  });

  it('takes a whole rating from 1 to 5 and a comment of at most 2000 characters', () => {
    for (const rating of [0, 6, 4.5, Number.NaN])
      spec.when({ ...write, rating }).thenThrows({ status: 400, message: expect.stringMatching(/1 to 5/) });
    for (const rating of [1, 2, 3, 4])
      spec.when({ ...write, rating }).then((events) => expect(events[0]!.data).toMatchObject({ rating }));
    spec.when({ ...write, comment: 'x'.repeat(2001) }).thenThrows({ status: 400 });
    spec.when({ ...write, comment: 'x'.repeat(2000) }).then((events) => expect(events).toHaveLength(1));
  });

  it('keeps one review per student: writing again edits it, the same text again decides nothing', () => {
    reviewed.when({ ...write, rating: 4, comment: 'Good', now: T1 }).then((events, state) => {
      expect(events).toEqual([{ type: 'ReviewEdited', data: { ...review, rating: 4, comment: 'Good', editedAt: T1 } }]);
      expect(state.review).toMatchObject({ rating: 4, comment: 'Good' });
    });
    reviewed.when({ ...write, now: T1 }).thenNothingHappened();
    reviewed.when({ ...write, enrolled: false, rating: 1 }).thenThrows({ status: 403 });
  });

  it("lets only the course's teacher reply; a new reply replaces it", () => {
    const { events, state } = reviewed.when(reply('  Barak Allahu feek ')).then([
      {
        type: 'ReviewReplied',
        data: { courseId: 'c1', userId: 'u1', teacherId: 't1', reply: 'Barak Allahu feek', repliedAt: T1 },
      },
    ]);
    expect(state.reply).toBe('Barak Allahu feek');
    reviewed.when(reply('Thanks', 'u2')).thenThrows({ code: 'NOT_COURSE_TEACHER', status: 403 });
    reviewed.when(reply('Thanks', 'u1')).thenThrows({ status: 403 });
    reviewed.when(reply('  ')).thenThrows({ status: 400, message: 'Reply cannot be empty' });
    reviewed.when(reply('x'.repeat(2001))).thenThrows({ status: 400 });
    const replied = reviewed.given(events);
    replied.when(reply('Barak Allahu feek')).thenNothingHappened();
    replied.when(reply('Updated')).then((more) => expect(more[0]!.data).toMatchObject({ reply: 'Updated' }));
    spec.when(reply('Thanks')).thenThrows({ code: 'REVIEW_NOT_FOUND', status: 404 });
  });
});
