import { Inject, Injectable } from '@nestjs/common';
import { type Decider, DomainError, type DomainEvent, fold } from '@platform/decider/decider';
import type { EventStore } from '@platform/event-store/event-store.port';
import { EVENT_STORE } from '@platform/tokens';

import { courseDecider, courseNotFound, type CourseState } from './domain/course.decider';
import { enrolmentDecider, type EnrolmentState } from './domain/enrolment.decider';
import { orderDecider, type OrderState } from './domain/order.decider';
import { courseStream, enrolmentStream, orderStream } from './events';
import { LEARNING_MESSAGES as M } from './limits';

/** Ids the services make are UUIDs; anything else in a path names nothing (and never reaches a stream name). */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

export function courseIdParam(id: unknown): string {
  const value = typeof id === 'number' && Number.isSafeInteger(id) ? String(id) : id;
  if (typeof value !== 'string' || !ID.test(value)) throw courseNotFound();
  return value;
}

/** A student id in a review's path: anything else has no review. */
export function studentIdParam(id: string): string {
  if (!ID.test(id)) throw new DomainError('REVIEW_NOT_FOUND', M.reviewNotFound, 404);
  return id;
}

export function orderIdParam(id: string): string {
  if (!ID.test(id)) throw new DomainError('ORDER_NOT_FOUND', M.orderNotFound, 404);
  return id;
}

/**
 * What the commands of buying and learning check, read from the streams themselves (the source of
 * truth), never from a read model that may lag: the course, a student's enrolment, an order.
 */
@Injectable()
export class CommerceFacts {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  course(courseId: string): Promise<CourseState> {
    return this.load(courseStream(courseId), courseDecider);
  }

  /** The course, or 404 when it does not exist. */
  async existingCourse(courseId: string): Promise<CourseState> {
    const course = await this.course(courseId);
    if (!course.details) throw courseNotFound();
    return course;
  }

  enrolment(courseId: string, userId: string): Promise<EnrolmentState> {
    return this.load(enrolmentStream(courseId, userId), enrolmentDecider);
  }

  order(orderId: string): Promise<OrderState> {
    return this.load(orderStream(orderId), orderDecider);
  }

  /** Owned: enrolled, or the member's own course (a teacher never buys what they teach). */
  async owns(userId: string, course: CourseState): Promise<boolean> {
    if (course.teacherId === userId) return true;
    return course.courseId ? (await this.enrolment(course.courseId, userId)).enrolled : false;
  }

  private async load<S, E extends DomainEvent>(streamId: string, decider: Decider<S, never, E>): Promise<S> {
    const events = await this.eventStore.readStream(streamId);
    return fold(
      decider,
      events.map((e) => ({ type: e.type, data: e.data }) as E),
    );
  }
}
