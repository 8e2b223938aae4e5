import { Inject, Injectable } from '@nestjs/common';
import { CommandExecutor } from '@platform/decider/command-executor';
import { DomainError } from '@platform/decider/decider';
import type { CommandMetadata } from '@platform/decider/handle-command';
import type { EventStore } from '@platform/event-store/event-store.port';
import { EVENT_STORE } from '@platform/tokens';

import { AuthorsQuery } from '../profiles';
import { CommerceFacts } from './commerce-facts';
import { reviewDecider } from './domain/review.decider';
import { type ReviewEvent, reviewStream } from './events';
import { LearningClock } from './learning-clock';
import { LEARNING_MESSAGES as M } from './limits';
import type { Review } from './views';

/**
 * Writing a review (enrolled students, one each: writing again edits it) and the teacher's reply.
 * Answers the review as its stream now has it, with the student as the profiles module shows them.
 */
@Injectable()
export class ReviewsService {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly commands: CommandExecutor,
    private readonly facts: CommerceFacts,
    private readonly authors: AuthorsQuery,
    private readonly clock: LearningClock,
  ) {}

  /** `created`: a first review (201); else an edit, or the same review again (200). */
  async write(
    userId: string,
    courseId: string,
    input: { rating: number; comment: string },
    meta: CommandMetadata,
  ): Promise<{ review: Review; created: boolean }> {
    const course = await this.facts.existingCourse(courseId);
    const enrolment = await this.facts.enrolment(courseId, userId);
    const { events } = await this.commands.execute(
      reviewStream(courseId, userId),
      reviewDecider,
      {
        type: 'WriteReview',
        courseId,
        userId,
        teacherId: course.teacherId!,
        enrolled: enrolment.enrolled,
        rating: input.rating,
        comment: input.comment,
        now: this.clock.iso(),
      },
      meta,
    );
    return { review: await this.review(courseId, userId), created: events.some((e) => e.type === 'ReviewWritten') };
  }

  async reply(actorId: string, courseId: string, studentId: string, text: string, meta: CommandMetadata) {
    await this.facts.existingCourse(courseId);
    await this.commands.execute(
      reviewStream(courseId, studentId),
      reviewDecider,
      { type: 'ReplyToReview', actorId, reply: text, now: this.clock.iso() },
      meta,
    );
    return this.review(courseId, studentId);
  }

  private async review(courseId: string, userId: string): Promise<Review> {
    const events = await this.eventStore.readStream(reviewStream(courseId, userId));
    const view = events
      .map((e) => ({ type: e.type, data: e.data }) as ReviewEvent)
      .reduce<ReviewFold | null>(foldReview, null);
    if (!view) throw new DomainError('REVIEW_NOT_FOUND', M.reviewNotFound, 404);
    const author = (await this.authors.byIds([userId])).get(userId);
    return {
      id: `${courseId}:${userId}`,
      courseId,
      rating: view.rating,
      comment: view.comment,
      user: {
        id: userId,
        name: author?.name ?? '',
        username: author?.username ?? '',
        profileImage: author?.profileImage ?? null,
      },
      createdAt: view.createdAt,
      editedAt: view.editedAt,
      reply: view.reply,
    };
  }
}

interface ReviewFold {
  rating: number;
  comment: string;
  createdAt: string;
  editedAt: string | null;
  reply: { text: string; repliedAt: string } | null;
}

function foldReview(r: ReviewFold | null, e: ReviewEvent): ReviewFold | null {
  switch (e.type) {
    case 'ReviewWritten':
      return {
        rating: e.data.rating,
        comment: e.data.comment,
        createdAt: e.data.writtenAt,
        editedAt: null,
        reply: null,
      };
    case 'ReviewEdited':
      return r && { ...r, rating: e.data.rating, comment: e.data.comment, editedAt: e.data.editedAt };
    case 'ReviewReplied':
      return r && { ...r, reply: { text: e.data.reply, repliedAt: e.data.repliedAt } };
  }
}
