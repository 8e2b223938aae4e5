import {
  type Clause,
  clauseKeys,
  comparePositions,
  decodeCursor,
  encodeCursor,
  matchesFilter,
  MAX_PAGE_LIMIT,
  pageLimit,
  parseFilter,
  positionOf,
  type ResolvedSort,
  resolveSort,
  type SortPosition,
} from '@platform/read-store';

import type { Doc, FindQuery, FindResult } from '../../src/platform/read-store/read-store.port';

/**
 * A find answer as the read-model cache holds it: the page, plus the id of the first document
 * after it (read with one row more than the page), so that a write can be judged against it alone.
 */
export interface HeldPage {
  items: Doc[];
  nextCursor: string | null;
  /** The document right after the page (null: none, nextCursor is null). */
  extraId: string | null;
  ids: ReadonlySet<string>;
}

/**
 * What a committed write does to a held page: `same` (keep it), a patched page (a document of the
 * page changed in place, e.g. its like count), or `gone` (its content or its end may differ now).
 */
export type PageVerdict = HeldPage | 'same' | 'gone';

/**
 * One cached find of a collection: how to read its page (one row more than asked), and which commits
 * leave it standing. A like changes a post of some pages in place; a new post enters only the first
 * pages of the filters it matches; every other page stays, instead of every page of the collection
 * going with every write.
 */
export class FindShape {
  readonly limit: number;
  private readonly clauses: Clause[];
  private readonly sort: ResolvedSort;
  private readonly after: SortPosition | null;
  /**
   * What a commit must write for this page to change (HeldAnswers indexes pages by it): one of the
   * page's documents or the one after it, or a document meeting the key clause (an equality first),
   * i.e. holding one of `keys` at its path; any other write leaves the page as it is (verdict()
   * would say 'same'). Null: judge the page against every commit.
   */
  readonly index: { memo: string; clause: Clause; keys: string[] } | null;

  constructor(readonly query: FindQuery) {
    this.limit = pageLimit(query.limit);
    this.clauses = parseFilter(query.where);
    this.sort = resolveSort(query.sort);
    this.after = query.after ? decodeCursor(query.after, this.sort) : null;
    const clause =
      this.clauses.find((c) => c.op === 'eq') ??
      this.clauses.find((c) => c.op === 'contains') ??
      this.clauses.find((c) => c.op === 'in');
    this.index =
      clause && this.judged
        ? { memo: `${clause.op === 'contains' ? 'has' : 'is'}:${clause.path}`, clause, keys: clauseKeys(clause) }
        : null;
  }

  /** Pages of the store's largest size cannot be read one row longer: held, but dropped on any write. */
  get judged(): boolean {
    return this.limit < MAX_PAGE_LIMIT;
  }

  readQuery(): FindQuery {
    return this.judged ? { ...this.query, limit: this.limit + 1 } : this.query;
  }

  /** The page the caller asked for, from what readQuery() found. */
  held(found: FindResult<Doc>): HeldPage {
    if (!this.judged) return { ...found, extraId: null, ids: new Set(found.items.map((d) => d.id)) };
    const items = found.items.slice(0, this.limit);
    const extra = found.items[this.limit];
    const last = items.at(-1);
    return {
      items,
      nextCursor: extra && last ? encodeCursor(positionOf(last, this.sort)) : null,
      extraId: extra?.id ?? null,
      ids: new Set(items.map((d) => d.id)),
    };
  }

  /** Whether the page still answers the query once `writes` (id -> committed document or null) are in. */
  verdict(page: HeldPage, writes: ReadonlyMap<string, unknown>): PageVerdict {
    if (!this.judged) return 'gone';
    let items: Doc[] | null = null;
    const last = page.items.at(-1);
    const lastAt = last ? positionOf(last, this.sort) : null;
    for (const [id, written] of writes) {
      const doc = written as Doc | null;
      const at = doc && matchesFilter(doc, this.clauses) ? positionOf(doc, this.sort) : null;
      const qualifies = !!at && (this.after === null || comparePositions(at, this.after, this.sort) > 0);
      if (page.ids.has(id)) {
        // In the page: it may change in place, as long as it stays where it is.
        if (!qualifies) return 'gone';
        items ??= [...page.items];
        const i = items.findIndex((d) => d.id === id);
        if (comparePositions(at!, positionOf(items[i]!, this.sort), this.sort) !== 0) return 'gone';
        items[i] = doc!;
        continue;
      }
      if (id === page.extraId) {
        // The page's end was known to have more after it because of this one.
        if (!qualifies) return 'gone';
        if (lastAt && comparePositions(at!, lastAt, this.sort) < 0) return 'gone';
        continue;
      }
      // Not in the page before (nor right after it): only matters if it now belongs there, or
      // makes a page that ended have more.
      if (!qualifies) continue;
      if (page.items.length < this.limit || !lastAt || comparePositions(at!, lastAt, this.sort) < 0) return 'gone';
      if (page.extraId === null) return 'gone';
    }
    return items ? { ...page, items } : 'same';
  }
}
