import { DomainError } from '../../src/platform/decider/decider';
import type { Collection, Doc, FindQuery } from '../../src/platform/read-store/read-store.port';
import { POST_LIMITS } from './limits';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const invalidCursor = () => new DomainError('INVALID_CURSOR', 'Invalid cursor', 400);

/** `?cursor=` is the id of the last item the client has (spec §7: "the next cursor is the id of the last item"). */
export function parseCursor(cursor: unknown): string | null {
  if (cursor === undefined || cursor === null || cursor === '') return null;
  if (typeof cursor !== 'string' || !UUID.test(cursor)) throw invalidCursor();
  return cursor.toLowerCase();
}

export function parseLimit(limit: unknown, fallback: number = POST_LIMITS.pageSize): number {
  if (limit === undefined || limit === '') return fallback;
  const n = Number(limit);
  if (!Number.isInteger(n) || n < 1)
    throw new DomainError('VALIDATION_FAILED', 'limit must be a positive whole number', 400);
  return Math.min(n, POST_LIMITS.maxPageSize);
}

/**
 * Reads a keyset-ordered collection until `limit` items pass `keep` or the collection ends: filtering
 * after cutting the page would return short pages that clients read as "the end". `batch`: items
 * asked per read (`limit` when nothing can be filtered out).
 */
export async function fillPage<T extends Doc, R>(
  collection: Collection<T>,
  query: Omit<FindQuery, 'limit'>,
  limit: number,
  keep: (items: T[]) => Promise<R[]> | R[],
  // Ask for a little more than needed: some items are usually filtered out.
  batch: number = Math.min(limit * 2 + 10, 500),
): Promise<R[]> {
  const out: R[] = [];
  let after = query.after ?? null;
  for (;;) {
    const page = await collection.find({ ...query, after, limit: batch });
    for (const item of await keep(page.items)) {
      out.push(item);
      if (out.length === limit) return out;
    }
    if (!page.nextCursor) return out;
    after = page.nextCursor;
  }
}
