import type { CourseCard } from './views';

/**
 * The catalogue's course cards, for the parts of the module that show a course they do not own
 * (cart, orders, student courses). Implemented over the catalogue read model; the cart asks for at
 * most 50 ids at once. Unknown or unlisted ids are left out of the map.
 */
export abstract class CourseCards {
  abstract byIds(ids: readonly string[]): Promise<Map<string, CourseCard>>;
}
