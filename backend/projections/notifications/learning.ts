import type {
  CourseEvent,
  EnrolmentEvent,
  OrderEvent,
  ReviewEvent,
  TeacherApplicationEvent,
} from '@modules/learning/events';
import { shillings } from '@platform/money';

import type { EventsOf, ProjectionContext, Recorded } from '../runner';
import { type CourseTitleDoc, NOTIFY_COURSES, NOTIFY_ORDERS, type OrderItemsDoc } from './docs';
import type { Notifier } from './notifier';

/** The learning events that notify, or that the notifications need to know about. */
export type LearningHandled =
  | EventsOf<TeacherApplicationEvent, 'TeacherApplicationApproved' | 'TeacherApplicationRejected'>
  | EventsOf<CourseEvent, 'CourseCreated' | 'CourseEdited'>
  | EventsOf<OrderEvent, 'OrderPlaced' | 'OrderPaid' | 'OrderRefunded'>
  | EventsOf<ReviewEvent, 'ReviewWritten' | 'ReviewReplied'>
  | EventsOf<EnrolmentEvent, 'CertificateIssued'>;

type On<T extends LearningHandled['type']> = (
  e: Recorded<LearningHandled, T>,
  n: Notifier,
  ctx: ProjectionContext,
) => Promise<void>;

const courses = (ctx: ProjectionContext) => ctx.collection<CourseTitleDoc>(NOTIFY_COURSES);

export const approved: On<'TeacherApplicationApproved'> = ({ data: d }, n) =>
  n.notify(
    `course_approved:${d.userId}:${d.approvedAt}`,
    d.userId,
    d.approvedBy,
    'course_approved',
    null,
    null,
    'You can now create and publish courses',
  );

export const rejected: On<'TeacherApplicationRejected'> = ({ data: d }, n) =>
  n.notify(
    `course_rejected:${d.userId}:${d.rejectedAt}`,
    d.userId,
    d.rejectedBy,
    'course_rejected',
    null,
    null,
    d.reason,
  );

export async function courseCreated({ data: d }: Recorded<LearningHandled, 'CourseCreated'>, ctx: ProjectionContext) {
  await courses(ctx).upsert({ id: d.courseId, title: d.title, teacherId: d.teacherId });
}

export async function courseEdited({ data: d }: Recorded<LearningHandled, 'CourseEdited'>, ctx: ProjectionContext) {
  if (d.changes.title !== undefined) await courses(ctx).update(d.courseId, { set: { title: d.changes.title } });
}

export async function orderPlaced({ data: d }: Recorded<LearningHandled, 'OrderPlaced'>, ctx: ProjectionContext) {
  await ctx.collection<OrderItemsDoc>(NOTIFY_ORDERS).upsert({
    id: d.orderId,
    items: d.items.map((i) => ({ courseId: i.courseId, teacherId: i.teacherId, title: i.title })),
  });
}

/** The buyer hears once per order (about its first course), each teacher once per course sold. */
export const orderPaid: On<'OrderPaid'> = async ({ data: d }, n, ctx) => {
  const order = await ctx.collection<OrderItemsDoc>(NOTIFY_ORDERS).get(d.orderId);
  const items = (order?.items ?? []).filter((i) => d.courseIds.includes(i.courseId));
  const first = items[0];
  if (!first) return;
  await n.notify(
    `course_purchase:${d.orderId}`,
    d.userId,
    first.teacherId,
    'course_purchase',
    first.courseId,
    'course',
    items.map((i) => i.title).join(', '),
  );
  for (const i of items)
    await n.notify(
      `course_sale:${d.orderId}:${i.courseId}`,
      i.teacherId,
      d.userId,
      'course_sale',
      i.courseId,
      'course',
      i.title,
    );
};

export const reviewWritten: On<'ReviewWritten'> = async ({ data: d }, n, ctx) => {
  const title = (await courses(ctx).get(d.courseId))?.title ?? '';
  await n.notify(
    `course_review:${d.courseId}:${d.userId}`,
    d.teacherId,
    d.userId,
    'course_review',
    d.courseId,
    'course',
    `${'★'.repeat(d.rating)} ${d.comment || title}`.trim(),
  );
};

export const reviewReplied: On<'ReviewReplied'> = ({ data: d }, n) =>
  n.notify(
    `instructor_reply:${d.courseId}:${d.userId}`,
    d.userId,
    d.teacherId,
    'instructor_reply',
    d.courseId,
    'course',
    d.reply,
  );

/**
 * The buyer hears of a refund, whoever gave it (they, or a moderator by hand): how much, for which
 * courses. From the platform (actor 'system'), so a refund the buyer asked for still reaches them.
 */
export const orderRefunded: On<'OrderRefunded'> = async ({ data: d }, n, ctx) => {
  const order = await ctx.collection<OrderItemsDoc>(NOTIFY_ORDERS).get(d.orderId);
  const titles = (order?.items ?? []).filter((i) => d.courseIds.includes(i.courseId)).map((i) => i.title);
  await n.notify(
    `order_refunded:${d.orderId}`,
    d.userId,
    'system',
    'order_refunded',
    d.orderId,
    'order',
    `${shillings(d.amount)}${titles.length ? ` · ${titles.join(', ')}` : ''}`,
  );
};

/**
 * The learner finished a course (issue 40): their certificate is ready, the notice leads to it. From
 * the platform (actor 'system'), since the learner's own last lesson is what issued it.
 */
export const certificateIssued: On<'CertificateIssued'> = ({ data: d }, n) =>
  n.notify(
    `course_completed:${d.certificateId}`,
    d.userId,
    'system',
    'course_completed',
    d.certificateId,
    'certificate',
    d.courseTitle,
  );
