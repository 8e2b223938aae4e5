import type { TeacherApplicationEvent } from '@modules/learning/events';

import { defineProjector, type ProjectionContext } from '../runner';
import {
  TEACHER_APPLICATIONS,
  type TeacherApplicationDoc,
  teacherApplicationsCollection,
  TEACHERS_PROJECTOR,
} from './docs';

const applications = (ctx: ProjectionContext) => ctx.collection<TeacherApplicationDoc>(TEACHER_APPLICATIONS);

/**
 * Teacher applications (spec part 2 §2 Become a teacher): the latest application of each member
 * and its outcome, for the member's vendor status and the moderators' review list.
 */
export const teachersProjector = defineProjector<TeacherApplicationEvent>({
  name: TEACHERS_PROJECTOR,
  version: 1,
  collections: [teacherApplicationsCollection],
  on: {
    async TeacherApplicationSubmitted({ data }, ctx) {
      await applications(ctx).upsert({
        id: data.userId,
        bio: data.bio,
        topics: data.topics,
        priceRange: data.priceRange,
        status: 'pending',
        submittedAt: data.submittedAt,
        decidedAt: null,
        rejectionReason: null,
      });
    },
    async TeacherApplicationApproved({ data }, ctx) {
      await applications(ctx).update(data.userId, {
        set: { status: 'approved', decidedAt: data.approvedAt, rejectionReason: null },
      });
    },
    async TeacherApplicationRejected({ data }, ctx) {
      await applications(ctx).update(data.userId, {
        set: { status: 'rejected', decidedAt: data.rejectedAt, rejectionReason: data.reason },
      });
    },
  },
});
