import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import type { TeacherApplicationEvent } from '../events';
import { teacherApplicationDecider } from './teacher-application.decider';

const T0 = '2026-11-25T10:00:00.000Z';
const apply = {
  type: 'ApplyAsTeacher',
  userId: 'u1',
  bio: '  Hafiz, ijazah in Hafs, ten years teaching tajweed  ',
  topics: ['Tafsir', 'Quran'],
  priceRange: '$25 - $50',
  now: T0,
} as const;
type Submitted = Extract<TeacherApplicationEvent, { type: 'TeacherApplicationSubmitted' }>;

const submitted: Submitted = {
  type: 'TeacherApplicationSubmitted',
  data: {
    userId: 'u1',
    bio: 'Hafiz, ijazah in Hafs, ten years teaching tajweed',
    topics: ['Quran', 'Tafsir'],
    priceRange: '$25 - $50',
    submittedAt: T0,
  },
};
const approve = { type: 'ApproveTeacherApplication', actorId: 'm1', actorRole: 'moderator', now: T0 } as const;
const reject = {
  type: 'RejectTeacherApplication',
  actorId: 'a1',
  actorRole: 'admin',
  reason: ' Please describe your qualifications ',
  now: T0,
} as const;

const spec = DeciderSpec.for(teacherApplicationDecider);
const pending = spec.given([{ type: 'TeacherApplicationSubmitted', data: { ...submitted.data, topics: ['Quran'] } }]);

describe('teacher application decider', () => {
  it('submits an application with the bio trimmed and topics once each in the spec order', () => {
    spec.when(apply).then([submitted]);
    spec
      .when({ ...apply, topics: ['Dua', 'Quran', 'Dua'] })
      .then((events) => expect(events[0]!.data).toMatchObject({ topics: ['Quran', 'Dua'] }));
    spec.when({ ...apply, topics: [] }).then((events, state) => {
      expect(events).toHaveLength(1);
      expect(state.status).toBe('pending');
    });
  });

  it("refuses a missing bio, a topic or price range outside §5's lists, with 400", () => {
    spec.when({ ...apply, bio: '   ' }).thenThrows({ status: 400, message: 'Bio is required' });
    spec.when({ ...apply, bio: 'x'.repeat(2001) }).thenThrows({ status: 400, message: expect.stringMatching(/2000/) });
    spec.when({ ...apply, bio: 'x'.repeat(2000) }).then((events) => expect(events).toHaveLength(1));
    spec
      .when({ ...apply, topics: ['Quran', 'Astrology'] })
      .thenThrows({ status: 400, message: expect.stringMatching(/Topics must be/) });
    spec.when({ ...apply, topics: ['quran'] }).thenThrows({ status: 400 });
    spec
      .when({ ...apply, priceRange: '$0-$25' })
      .thenThrows({ status: 400, message: expect.stringMatching(/Price range must be/) });
    spec.when({ ...apply, priceRange: '' }).thenThrows({ status: 400 });
    for (const priceRange of ['$0 - $25', '$50 - $100', '$100 - $200', '$200+'])
      spec.when({ ...apply, priceRange }).then((events) => expect(events).toHaveLength(1));
  });

  it('refuses a second application while one is under review', () => {
    pending.when(apply).thenThrows({ code: 'APPLICATION_PENDING', status: 409 });
  });

  it('lets a moderator or admin approve a pending application, once', () => {
    const { state } = pending
      .when(approve)
      .then([{ type: 'TeacherApplicationApproved', data: { userId: 'u1', approvedBy: 'm1', approvedAt: T0 } }]);
    expect(state.status).toBe('approved');
    pending.when({ ...approve, actorRole: 'admin' }).then((events) => expect(events).toHaveLength(1));
    const approved = pending.given([
      { type: 'TeacherApplicationApproved', data: { userId: 'u1', approvedBy: 'm1', approvedAt: T0 } },
    ]);
    approved.when(approve).thenThrows({ code: 'APPLICATION_NOT_PENDING', status: 409 });
    approved.when(reject).thenThrows({ status: 409 });
    approved.when(apply).thenThrows({ code: 'ALREADY_TEACHER', status: 409 });
  });

  it('lets a moderator reject with a reason; the member may then apply again', () => {
    pending.when(reject).then([
      {
        type: 'TeacherApplicationRejected',
        data: { userId: 'u1', rejectedBy: 'a1', reason: 'Please describe your qualifications', rejectedAt: T0 },
      },
    ]);
    pending
      .when({ ...reject, reason: '  ' })
      .thenThrows({ status: 400, message: expect.stringMatching(/reason is required/) });
    pending.when({ ...reject, reason: 'x'.repeat(501) }).thenThrows({ status: 400 });
    const rejected = pending.given(pending.when(reject).decide().events);
    expect(rejected.state().status).toBe('rejected');
    rejected.when(approve).thenThrows({ status: 409 });
    rejected.when(apply).then((events, state) => {
      expect(events[0]!.type).toBe('TeacherApplicationSubmitted');
      expect(state.status).toBe('pending');
    });
  });

  it('refuses members and vendors as reviewers (403), and an unknown application (404)', () => {
    pending.when({ ...approve, actorRole: 'member' }).thenThrows({ status: 403 });
    pending.when({ ...reject, actorRole: 'vendor' }).thenThrows({ status: 403 });
    spec.when(approve).thenThrows({ code: 'APPLICATION_NOT_FOUND', status: 404 });
    spec.when(reject).thenThrows({ status: 404 });
  });
});
