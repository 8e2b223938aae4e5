import { Injectable } from '@nestjs/common';
import { CommandExecutor } from '@platform/decider/command-executor';
import type { CommandMetadata } from '@platform/decider/handle-command';

import { CertificatesService } from './certificates.service';
import { CommerceFacts } from './commerce-facts';
import { courseLessons } from './domain/course.decider';
import { completedAll, enrolmentDecider, validCertificate } from './domain/enrolment.decider';
import { enrolmentStream } from './events';
import { LearningClock } from './learning-clock';
import { currentLessonOf, progressOf } from './queries/progress';
import type { CompleteLessonAnswer } from './views';

/**
 * Lessons completed and where a student stopped; only enrolled students (403), only the course's
 * lessons (404). The lesson that completes the course also issues its certificate (issue 40).
 */
@Injectable()
export class ProgressService {
  constructor(
    private readonly commands: CommandExecutor,
    private readonly facts: CommerceFacts,
    private readonly clock: LearningClock,
    private readonly certificates: CertificatesService,
  ) {}

  async complete(
    userId: string,
    courseId: string,
    lessonId: string,
    meta: CommandMetadata,
  ): Promise<CompleteLessonAnswer> {
    const course = await this.facts.existingCourse(courseId);
    const lessons = courseLessons(course);
    const { state } = await this.commands.execute(
      enrolmentStream(courseId, userId),
      enrolmentDecider,
      { type: 'CompleteLesson', lessonId, lessons, now: this.clock.iso() },
      meta,
    );
    const completed = completedAll(state, lessons);
    // Also when this lesson was done already: a certificate a crash or a refund left unissued is issued now.
    const certificateId =
      validCertificate(state) ?? (completed ? await this.certificates.issue(userId, course, meta) : null);
    // The same reading of progress as the course page and the learn view.
    const sections = course.details!.sections;
    const learner = {
      completed: state.completed,
      position: state.position && { lessonId: state.position.lessonId, seconds: state.position.positionSec },
    };
    return {
      progress: progressOf(sections, learner),
      currentLessonId: currentLessonOf(sections, learner),
      completed,
      certificateId,
    };
  }

  async savePosition(userId: string, courseId: string, lessonId: string, seconds: number, meta: CommandMetadata) {
    const lessons = courseLessons(await this.facts.existingCourse(courseId));
    await this.commands.execute(
      enrolmentStream(courseId, userId),
      enrolmentDecider,
      { type: 'SavePosition', lessonId, positionSec: seconds, lessons, now: this.clock.iso() },
      meta,
    );
  }
}
