import { Injectable } from '@nestjs/common';
import { CommandExecutor } from '@platform/decider/command-executor';
import { DomainError } from '@platform/decider/decider';
import type { CommandMetadata } from '@platform/decider/handle-command';

import { CommerceFacts } from './commerce-facts';
import { enrolmentDecider } from './domain/enrolment.decider';
import { enrolmentStream } from './events';
import { LearningClock } from './learning-clock';
import { LEARNING_MESSAGES as M } from './limits';

/** POST /api/course/:id/enroll: a member takes a free course (a paid one is bought through the cart). */
@Injectable()
export class EnrolmentsService {
  constructor(
    private readonly commands: CommandExecutor,
    private readonly facts: CommerceFacts,
    private readonly clock: LearningClock,
  ) {}

  async enrolFree(userId: string, courseId: string, meta: CommandMetadata) {
    const course = await this.facts.course(courseId);
    // The teacher already has every lesson of their own course.
    if (course.teacherId === userId && course.published) throw new DomainError('ALREADY_OWNED', M.alreadyOwned, 409);
    await this.commands.execute(
      enrolmentStream(courseId, userId),
      enrolmentDecider,
      {
        type: 'Enrol',
        courseId,
        userId,
        teacherId: course.teacherId ?? '',
        source: { kind: 'free' },
        course: { published: course.published, free: (course.details?.price ?? 0) === 0 },
        now: this.clock.iso(),
      },
      meta,
    );
    return { courseId, enrolled: true as const };
  }
}
