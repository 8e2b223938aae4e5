import { Inject, Injectable } from '@nestjs/common';
import { formatKes, parseKes } from '@platform/money';
import type { ReadModels } from '@platform/read-models';
import { READ_MODELS } from '@platform/tokens';
import { type CartDoc, LEARNING_CARTS } from '@projections/learning-commerce';

import { CourseCards } from '../course-cards';
import type { CartView, CourseCard } from '../views';

/**
 * A member's cart: its membership and dates from the carts read model, each course as the
 * catalogue shows it now. A course unlisted since it was added is left out (it cannot be bought).
 */
@Injectable()
export class CartQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    private readonly cards: CourseCards,
  ) {}

  async view(userId: string): Promise<CartView> {
    const doc = await this.readModels.collection<CartDoc>(LEARNING_CARTS).get(userId);
    const entries = doc?.items ?? [];
    const cards = await this.cards.byIds(entries.map((i) => i.courseId));
    const items = entries.flatMap((i) => {
      const course = cards.get(i.courseId);
      return course ? [{ courseId: i.courseId, course, addedAt: i.addedAt }] : [];
    });
    const total = items.reduce((sum, i) => sum + (parseKes(i.course.price) ?? 0), 0);
    return { items, count: items.length, total: formatKes(total) };
  }

  /** The spec's second cart variant (part 2 §7): `[{courseId, course}]`. */
  async items(userId: string): Promise<{ courseId: string; course: CourseCard }[]> {
    return (await this.view(userId)).items.map(({ courseId, course }) => ({ courseId, course }));
  }
}
