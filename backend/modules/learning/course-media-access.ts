import { isStaff } from '@modules/identity';
import { type CourseMediaAccess, type CourseMediaAdmission, CourseMediaGate } from '@modules/media';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { LruCache } from '@platform/cache';
import { CommandExecutor } from '@platform/decider/command-executor';
import type { ReadModels } from '@platform/read-models';
import { READ_MODELS } from '@platform/tokens';
import { suspendedNow, type UserDoc, USERS } from '@projections/identity';
import { type CourseDoc, COURSES, type EnrolmentDoc, enrolmentId, ENROLMENTS } from '@projections/learning';

import { enrolmentDecider } from './domain/enrolment.decider';
import { enrolmentStream } from './events';
import { LearningClock } from './learning-clock';

/** Staff and the teacher see the media; nothing of theirs is recorded. */
const LOOKING: CourseMediaAdmission = { served: async () => {} };

/**
 * Openings this process knows are recorded (`member course media`): a player's range requests and
 * every later visit then cost no lookup and no append. Bounded: past it, forgotten and learned again
 * (the read model says so at the next first request, the decider decides nothing twice).
 */
const REMEMBERED_MAX = 50_000;

/** The course's locked lessons that show the item: what its serving gives the student. */
function lockedLessonsShowing(course: CourseDoc, mediaId: string): string[] {
  return course.sections.flatMap((s) =>
    s.lessons
      .filter((l) => !l.freePreview && l.content.kind === 'video' && l.content.mediaId === mediaId)
      .map((l) => l.id),
  );
}

/**
 * Who may fetch the media of a course's locked lessons, asked by the media module at every request
 * (so a refund, a suspension or an unpublished course ends it at once, links already handed out
 * included): moderators and admins; the course's teacher; a student whose enrolment stands, while
 * the course is published (the learn view's own rule). Read from the read models the learn view uses.
 *
 * A student who bought the course and is served a lesson's media for the first time gets
 * `LessonMediaOpened` on their enrolment, before the bytes leave: a lesson watched or downloaded
 * counts against the refund as one marked complete (refund-policy.ts). Only the first request per
 * member and lesson appends; later ones find it in this process's memory or the enrolment read model.
 */
@Injectable()
export class CourseMediaRule implements CourseMediaAccess, OnModuleInit {
  private readonly recorded = new LruCache<true>(REMEMBERED_MAX);
  private readonly recording = new Map<string, Promise<void>>();

  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    private readonly gate: CourseMediaGate,
    private readonly commands: CommandExecutor,
    private readonly clock: LearningClock,
  ) {}

  onModuleInit() {
    this.gate.provide(this);
  }

  async admit(memberId: string, courseId: string, mediaId: string): Promise<CourseMediaAdmission | null> {
    const [member, course, enrolment] = await Promise.all([
      this.readModels.collection<UserDoc>(USERS).get(memberId),
      this.readModels.collection<CourseDoc>(COURSES).get(courseId),
      this.readModels.collection<EnrolmentDoc>(ENROLMENTS).get(enrolmentId(courseId, memberId)),
    ]);
    // A link outlives the session it was signed in: a deleted or suspended member's is refused.
    if (!member || suspendedNow(member)) return null;
    if (isStaff(member.role)) return LOOKING;
    if (!course) return null;
    if (course.teacherId === memberId) return LOOKING;
    if (!(course.published && enrolment?.enrolled === true)) return null;
    return { served: (requestId) => this.opened(course, enrolment, mediaId, requestId) };
  }

  /** Records the lessons this item opens for a buyer, the first time only. */
  private async opened(course: CourseDoc, enrolment: EnrolmentDoc, mediaId: string, requestId: string | null) {
    // Free enrolments cannot be refunded: nothing to count.
    if (enrolment.source.kind !== 'order') return;
    const key = `${enrolment.userId} ${course.id} ${mediaId}`;
    if (this.recorded.get(key)) return;
    const known = new Set(enrolment.opened ?? []);
    const lessonIds = lockedLessonsShowing(course, mediaId).filter((id) => !known.has(id));
    if (lessonIds.length > 0) {
      // Concurrent range requests of a first play share one append.
      let pending = this.recording.get(key);
      if (!pending) {
        pending = this.commands
          .execute(
            enrolmentStream(course.id, enrolment.userId),
            enrolmentDecider,
            { type: 'OpenLessonMedia', lessonIds, now: this.clock.iso() },
            { actor: enrolment.userId, requestId },
          )
          .then(() => undefined)
          .finally(() => this.recording.delete(key));
        this.recording.set(key, pending);
      }
      // Not recorded, not served: a refund must never miss a lesson that went out.
      await pending;
    }
    this.recorded.set(key, true);
  }
}
