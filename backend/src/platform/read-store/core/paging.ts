import type { Doc, FindResult } from '../read-store.port';
import { encodeCursor } from './cursor';
import { ReadStoreError } from './errors';
import { positionOf, type ResolvedSort } from './sorting';

export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 1000;

/** The page size to use: default 50, capped at 1000; anything but a positive integer is a bug. */
export function pageLimit(limit: number | undefined): number {
  if (limit === undefined || limit === null) return DEFAULT_PAGE_LIMIT;
  if (!Number.isInteger(limit) || limit < 1) throw new ReadStoreError(`Invalid page limit ${limit}`);
  return Math.min(limit, MAX_PAGE_LIMIT);
}

/**
 * Cuts a page from rows fetched with limit + 1: the extra row only says that more follow, so the
 * last page answers nextCursor null even when it happens to be exactly full.
 */
export function toPage<T extends Doc>(rows: T[], limit: number, sort: ResolvedSort): FindResult<T> {
  if (rows.length <= limit) return { items: rows, nextCursor: null };
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  if (!last) throw new RangeError(`A page needs a limit of at least 1 (got ${limit})`);
  return { items, nextCursor: encodeCursor(positionOf(last, sort)) };
}
