import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@platform/config';
import { APP_CONFIG } from '@platform/tokens';

import { CommerceFacts } from './commerce-facts';
import { courseLessons } from './domain/course.decider';
import type { OrderState } from './domain/order.decider';
import type { CourseProgress } from './domain/refund-policy';

/**
 * What the refund rule is fed on the command side, read from the streams (never from a read model
 * that may lag): for each course whose enrolment this order granted, the lessons the buyer consumed
 * (completed, or whose media were opened) of those the course has now. A course the buyer owns through another order is left out: refunding
 * this order does not take it away (the enrolment decider revokes only its own order's enrolment).
 */
@Injectable()
export class RefundProgress {
  constructor(
    private readonly facts: CommerceFacts,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get maxProgress(): number {
    return this.config.refunds.maxProgress;
  }

  async of(order: OrderState): Promise<CourseProgress[]> {
    const { orderId, userId } = order;
    if (!orderId || !userId) return [];
    const each = await Promise.all(
      order.items.map(async ({ courseId }): Promise<CourseProgress | null> => {
        const enrolment = await this.facts.enrolment(courseId, userId);
        const source = enrolment.source;
        if (!(source?.kind === 'order' && source.orderId === orderId)) return null;
        const lessons = courseLessons(await this.facts.course(courseId)).map((l) => l.id);
        // Watched or downloaded through its media links counts as much as marked complete.
        const done = new Set([...enrolment.completed, ...enrolment.opened]);
        return { courseId, completed: lessons.filter((id) => done.has(id)).length, lessons: lessons.length };
      }),
    );
    return each.filter((p): p is CourseProgress => p !== null);
  }
}
