import { Injectable } from '@nestjs/common';
import { CommandExecutor } from '@platform/decider/command-executor';
import type { CommandMetadata } from '@platform/decider/handle-command';

import { CommerceFacts } from './commerce-facts';
import { courseLessons } from './domain/course.decider';
import { enrolmentDecider } from './domain/enrolment.decider';
import { enrolmentStream } from './events';
import { LearningClock } from './learning-clock';
import { currentLessonOf, progressOf } from './queries/progress';

/** Lessons completed and where a student stopped; only enrolled students (403), only the course's lessons (404). */
@Injectable()
export class ProgressService {
  constructor(
    private readonly commands: CommandExecutor,
    private readonly facts: CommerceFacts,
    private readonly clock: LearningClock,
  ) {}

  async complete(userId: string, courseId: string, lessonId: string, meta: CommandMetadata) {
    const course = await this.facts.existingCourse(courseId);
    const { state } = await this.commands.execute(
      enrolmentStream(courseId, userId),
      enrolmentDecider,
      { type: 'CompleteLesson', lessonId, lessons: courseLessons(course), now: this.clock.iso() },
      meta,
    );
    // The same reading of progress as the course page and the learn view.
    const sections = course.details!.sections;
    const learner = {
      completed: state.completed,
      position: state.position && { lessonId: state.position.lessonId, seconds: state.position.positionSec },
    };
    return { progress: progressOf(sections, learner), currentLessonId: currentLessonOf(sections, learner) };
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
