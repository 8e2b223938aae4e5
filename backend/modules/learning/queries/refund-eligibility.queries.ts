import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@platform/config';
import type { ReadModels } from '@platform/read-models';
import { APP_CONFIG, READ_MODELS } from '@platform/tokens';
import { type CourseDoc, COURSES, type EnrolmentDoc, enrolmentId, ENROLMENTS } from '@projections/learning';
import { LEARNING_ORDERS, type OrderDoc } from '@projections/learning-commerce';

import { type CourseProgress, refundEligibility, refundPolicy } from '../domain/refund-policy';
import type { CourseSection } from '../events';
import { LearningClock } from '../learning-clock';
import type { CourseRefund, RefundEligibility, RefundPolicy } from '../views';

/** Lessons consumed: marked complete or opened (their media served), as the command side counts them. */
function courseProgress(courseId: string, sections: readonly CourseSection[], enrolment: EnrolmentDoc) {
  const ids = sections.flatMap((s) => s.lessons.map((l) => l.id));
  const done = new Set([...enrolment.completed, ...(enrolment.opened ?? [])]);
  return { courseId, completed: ids.filter((id) => done.has(id)).length, lessons: ids.length };
}

const grantedBy = (e: EnrolmentDoc | undefined, orderId: string) =>
  e?.source.kind === 'order' && e.source.orderId === orderId;

/**
 * What the screens say about a refund before the member asks for one (the order list, the course
 * page's refund note): the rule of the order decider (refund-policy.ts) over the read models, so the
 * member sees the same answer the refund route would give.
 */
@Injectable()
export class RefundEligibilityQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: LearningClock,
  ) {}

  /** The rule itself, the same for every viewer of a course page (a guest included). */
  policy(): RefundPolicy {
    return refundPolicy(this.config.refunds.maxProgress);
  }

  /** Each order's eligibility, with one batched lookup of enrolments and one of courses for all of them. */
  async forOrders(orders: readonly OrderDoc[]): Promise<Map<string, RefundEligibility>> {
    // Only a paid order's progress matters; the others are refused for what they are.
    const paid = orders.filter((o) => o.status === 'paid');
    const pairs = paid.flatMap((o) => o.items.map((i) => ({ order: o, courseId: i.courseId })));
    const [enrolments, courses] = await Promise.all([
      pairs.length
        ? this.readModels
            .collection<EnrolmentDoc>(ENROLMENTS)
            .getMany([...new Set(pairs.map((p) => enrolmentId(p.courseId, p.order.userId)))])
        : Promise.resolve([]),
      pairs.length
        ? this.readModels.collection<CourseDoc>(COURSES).getMany([...new Set(pairs.map((p) => p.courseId))])
        : Promise.resolve([]),
    ]);
    const enrolmentById = new Map(enrolments.map((e) => [e.id, e]));
    const courseById = new Map(courses.map((c) => [c.id, c]));
    const progress = new Map<string, CourseProgress[]>();
    for (const { order, courseId } of pairs) {
      const enrolment = enrolmentById.get(enrolmentId(courseId, order.userId));
      if (!grantedBy(enrolment, order.id)) continue;
      const sections = courseById.get(courseId)?.sections ?? [];
      progress.set(order.id, [...(progress.get(order.id) ?? []), courseProgress(courseId, sections, enrolment!)]);
    }
    return new Map(orders.map((o) => [o.id, this.eligibility(o, progress.get(o.id) ?? [])]));
  }

  /** The refund of the paid order behind the viewer's enrolment; null for a free enrolment or none. */
  async forCourse(enrolment: EnrolmentDoc | null): Promise<CourseRefund | null> {
    const source = enrolment?.enrolled ? enrolment.source : null;
    if (source?.kind !== 'order') return null;
    const order = await this.readModels.collection<OrderDoc>(LEARNING_ORDERS).get(source.orderId);
    if (!order) return null;
    // The whole order is refunded, so its other courses count as much as this one.
    return { orderId: order.id, ...(await this.forOrders([order])).get(order.id)! };
  }

  private eligibility(order: OrderDoc, progress: CourseProgress[]): RefundEligibility {
    return refundEligibility({
      status: order.status,
      paidAt: order.paidAt,
      now: this.clock.iso(),
      progress,
      maxProgress: this.config.refunds.maxProgress,
    });
  }
}
