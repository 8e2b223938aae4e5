import type { Collection, Doc, FindQuery } from '../read-store.port';
import { MAX_PAGE_LIMIT } from './paging';

/** Every document matching the query, read page by page along the keyset cursor. */
export async function findAll<T extends Doc>(
  collection: Collection<T>,
  query: Omit<FindQuery, 'after' | 'limit'> = {},
): Promise<T[]> {
  const out: T[] = [];
  let after: string | null = null;
  do {
    const page = await collection.find({ ...query, after, limit: MAX_PAGE_LIMIT });
    out.push(...page.items);
    after = page.nextCursor;
  } while (after);
  return out;
}
