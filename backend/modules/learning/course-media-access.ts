import { isStaff } from '@modules/identity';
import { type CourseMediaAccess, CourseMediaGate } from '@modules/media';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { ReadModels } from '@platform/read-models';
import { READ_MODELS } from '@platform/tokens';
import { type UserDoc, USERS } from '@projections/identity';
import { type CourseDoc, COURSES, type EnrolmentDoc, enrolmentId, ENROLMENTS } from '@projections/learning';

/**
 * Who may fetch the media of a course's locked lessons, asked by the media module at every request
 * (so a refund, a suspension or an unpublished course ends it at once, links already handed out
 * included): moderators and admins; the course's teacher; a student whose enrolment stands, while
 * the course is published (the learn view's own rule). Read from the read models the learn view uses.
 */
@Injectable()
export class CourseMediaRule implements CourseMediaAccess, OnModuleInit {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    private readonly gate: CourseMediaGate,
  ) {}

  onModuleInit() {
    this.gate.provide(this);
  }

  async mayView(memberId: string, courseId: string): Promise<boolean> {
    const [member, course, enrolment] = await Promise.all([
      this.readModels.collection<UserDoc>(USERS).get(memberId),
      this.readModels.collection<CourseDoc>(COURSES).get(courseId),
      this.readModels.collection<EnrolmentDoc>(ENROLMENTS).get(enrolmentId(courseId, memberId)),
    ]);
    // A link outlives the session it was signed in: a deleted or suspended member's is refused.
    if (!member || (member.suspendedUntil && Date.parse(member.suspendedUntil) > Date.now())) return false;
    if (isStaff(member.role)) return true;
    if (!course) return false;
    if (course.teacherId === memberId) return true;
    return course.published && enrolment?.enrolled === true;
  }
}
