import { AuthorsQuery } from '@modules/profiles';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@platform/decider';
import type { ReadModels } from '@platform/read-models';
import { InvalidCursorError } from '@platform/read-store';
import { READ_MODELS } from '@platform/tokens';
import { type ReviewDoc, reviewId, REVIEWS } from '@projections/learning';

import { LEARNING_MESSAGES as M } from '../limits';
import type { Review } from '../views';
import { userRef } from './course-card';

export const REVIEWS_PAGE = 20;

/**
 * A course's reviews as the course page lists them, newest first, with their authors; a review whose
 * author was refunded is hidden (as it is from the course's rating) until they enrol again.
 */
@Injectable()
export class CourseReviewsQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    private readonly authors: AuthorsQuery,
  ) {}

  private get reviews() {
    return this.readModels.collection<ReviewDoc>(REVIEWS);
  }

  async page(courseId: string, cursor: string | null): Promise<{ reviews: Review[]; nextCursor: string | null }> {
    try {
      const page = await this.reviews.find({
        where: { courseId, hidden: false },
        sort: { field: 'createdAt', direction: 'desc' },
        after: cursor,
        limit: REVIEWS_PAGE,
      });
      return { reviews: await this.views(page.items), nextCursor: page.nextCursor };
    } catch (err) {
      if (err instanceof InvalidCursorError) throw new DomainError('INVALID_CURSOR', M.badCursor, 400);
      throw err;
    }
  }

  /** The viewer's own review of the course, if they wrote one and it counts. */
  async own(courseId: string, userId: string): Promise<Review | null> {
    const doc = await this.reviews.get(reviewId(courseId, userId));
    return doc && !doc.hidden ? (await this.views([doc]))[0]! : null;
  }

  async views(docs: ReviewDoc[]): Promise<Review[]> {
    if (docs.length === 0) return [];
    const authors = await this.authors.byIds([...new Set(docs.map((d) => d.userId))]);
    return docs.map((d) => ({
      id: d.id,
      courseId: d.courseId,
      rating: d.rating,
      comment: d.comment,
      user: userRef(d.userId, authors.get(d.userId)),
      createdAt: d.createdAt,
      editedAt: d.editedAt,
      reply: d.reply,
    }));
  }
}
