import { Injectable } from '@nestjs/common';
import { CommandExecutor } from '@platform/decider/command-executor';
import type { CommandMetadata } from '@platform/decider/handle-command';

import { CommerceFacts } from './commerce-facts';
import { cartDecider } from './domain/cart.decider';
import { cartStream } from './events';
import { LearningClock } from './learning-clock';

/**
 * Adding to and removing from the cart. The course's facts come from its stream and the member's
 * enrolment (unknown or unlisted 404, owned 409, free 409); the cart stream refuses duplicates.
 */
@Injectable()
export class CartService {
  constructor(
    private readonly commands: CommandExecutor,
    private readonly facts: CommerceFacts,
    private readonly clock: LearningClock,
  ) {}

  async add(userId: string, courseId: string, meta: CommandMetadata): Promise<void> {
    const course = await this.facts.course(courseId);
    await this.commands.execute(
      cartStream(userId),
      cartDecider,
      {
        type: 'AddToCart',
        userId,
        courseId,
        course: {
          published: course.published,
          free: (course.details?.price ?? 0) === 0,
          owned: await this.facts.owns(userId, course),
        },
        now: this.clock.iso(),
      },
      meta,
    );
  }

  async remove(userId: string, courseId: string, meta: CommandMetadata): Promise<void> {
    await this.commands.execute(
      cartStream(userId),
      cartDecider,
      { type: 'RemoveFromCart', userId, courseId, now: this.clock.iso() },
      meta,
    );
  }
}
