import { DomainError } from '@platform/decider';
import { parseKes } from '@platform/money';

import { COURSE_CATEGORIES, COURSE_LEVELS, type CourseCategory, type CourseLevel } from '../events';
import { LEARNING_LIMITS, LEARNING_MESSAGES as M } from '../limits';
import { type CatalogueRequest, decodeCatalogueCursor } from '../queries/catalogue.queries';
import { CATALOGUE_SORTS, type CatalogueSort } from '../queries/catalogue-index';

const invalid = (message: string) => new DomainError('VALIDATION_FAILED', message, 400);
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : v === undefined ? '' : null);

export const CATALOGUE_PAGE = { default: 20, max: 50, searchMax: 200 } as const;

function oneOf<T extends string>(value: unknown, allowed: readonly T[], message: string): T | null {
  const t = text(value);
  if (t === '' || t === 'all') return null;
  if (t === null || !(allowed as readonly string[]).includes(t)) throw invalid(message);
  return t as T;
}

function price(value: unknown): number | null {
  const t = text(value);
  if (t === '') return null;
  const cents = t === null ? null : parseKes(t);
  if (cents === null || cents > LEARNING_LIMITS.maxPrice) throw invalid(M.badPriceFilter);
  return cents;
}

/** GET /api/courses?search&category&level&sort&priceMin&priceMax&cursor&limit (spec part 2 §9). */
export function parseCatalogueQuery(q: Record<string, unknown>): CatalogueRequest {
  const search = text(q.search);
  if (search === null) throw invalid('search must be text');
  const sort = (oneOf<CatalogueSort>(q.sort, CATALOGUE_SORTS, M.badSort) ?? 'popular') as CatalogueSort;
  const limitText = text(q.limit);
  let limit: number = CATALOGUE_PAGE.default;
  if (limitText !== '') {
    const n = Number(limitText);
    if (limitText === null || !Number.isInteger(n) || n < 1 || n > CATALOGUE_PAGE.max) throw invalid(M.badLimit);
    limit = n;
  }
  const cursor = text(q.cursor);
  const after = cursor ? decodeCatalogueCursor(cursor) : null;
  if (cursor === null || (cursor && !after)) throw invalid(M.badCursor);
  return {
    filter: {
      search: search.slice(0, CATALOGUE_PAGE.searchMax),
      category: oneOf<CourseCategory>(q.category, COURSE_CATEGORIES, M.badCatalogueCategory),
      level: oneOf<CourseLevel>(q.level, COURSE_LEVELS, M.badCatalogueLevel),
      priceMin: price(q.priceMin),
      priceMax: price(q.priceMax),
    },
    sort,
    after,
    limit,
  };
}
