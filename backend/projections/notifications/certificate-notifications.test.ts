import { buildProjectors, type ProjectorDeps } from '@projections/index';

import { inStream, projectionSpec, projectorDeps } from '../runner/testing/projection-spec';
import { NOTIFICATIONS } from './docs';
import type { Notification } from './testing/notification-events';

const TEACHER = '0190d7c4-0000-7000-8000-00000000000a';
const STUDENT = '0190d7c4-0000-7000-8000-00000000000b';
const C1 = '0190d7c4-0000-7000-8000-0000000000c1';
const AT = '2026-11-25T10:00:00.000Z';

const notifications = (deps: ProjectorDeps) => buildProjectors(deps).find((p) => p.name === 'notifications')!;

describe('notifications of a certificate of completion', () => {
  it('tells the learner their certificate is ready, once, leading to it', async () => {
    const issued = {
      type: 'CertificateIssued',
      data: {
        certificateId: 'K7M2Q9X4B8C3D5F6',
        courseId: C1,
        userId: STUDENT,
        teacherId: TEACHER,
        courseTitle: 'Foundations of Fiqh',
        completedAt: AT,
        issuedAt: AT,
        sealed: 'v1.x',
      },
    };
    await projectionSpec(notifications, projectorDeps)
      // Handled twice (a replay after a crash): still one notice.
      .given(inStream(`enrolment-${C1}-${STUDENT}`, issued, issued))
      .thenCollection<Notification>(NOTIFICATIONS, (docs) =>
        expect(
          docs.map((d) => ({
            id: d.id,
            to: d.userId,
            from: d.actorId,
            type: d.type,
            category: d.category,
            target: [d.targetType, d.targetId],
            content: d.content,
          })),
        ).toEqual([
          {
            id: 'course_completed:K7M2Q9X4B8C3D5F6',
            to: STUDENT,
            from: 'system',
            type: 'course_completed',
            category: 'courses',
            target: ['certificate', 'K7M2Q9X4B8C3D5F6'],
            content: 'Foundations of Fiqh',
          },
        ]),
      );
  });
});
