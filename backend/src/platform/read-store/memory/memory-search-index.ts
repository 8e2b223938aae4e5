import { assertId } from '../core/docs';
import { matchesFilter, parseFilter } from '../core/filter';
import { pageLimit } from '../core/paging';
import { compareCodePoints } from '../core/sorting';
import type { Scalar, SearchDocument, SearchHit, SearchIndex, SearchQueryOptions } from '../read-store.port';
import { parseSearchDocument } from '../text/search-document';
import { parseSearchQuery, termPositions } from '../text/tokenise';
import { bm25Scorer, type IndexedText } from './bm25';
import type { TableWrite } from './journal';

export interface MemorySearchEntry extends IndexedText {
  fields: Record<string, Scalar>;
}

/** A search index of the memory store: a scan with BM25 ranking, fine for tests and small data. */
export class MemorySearchIndex implements SearchIndex {
  constructor(
    private readonly table: () => Map<string, MemorySearchEntry>,
    private readonly write: TableWrite,
  ) {}

  async upsert(id: string, doc: SearchDocument): Promise<void> {
    assertId(id);
    const { tokens, fields } = parseSearchDocument(doc);
    const terms = new Map([...termPositions(tokens)].map(([t, p]) => [t, p.length]));
    this.write(this.table(), id, { terms, length: tokens.length, fields });
  }

  async remove(id: string): Promise<void> {
    assertId(id);
    this.write(this.table(), id, undefined);
  }

  async query(text: string, options: SearchQueryOptions = {}): Promise<SearchHit[]> {
    const limit = pageLimit(options.limit);
    const clauses = parseFilter(options.where);
    const query = parseSearchQuery(text);
    if (!query) return [];
    const entries = [...this.table()];
    const score = bm25Scorer(
      entries.map(([, e]) => e),
      query,
    );
    let hits: SearchHit[] = [];
    for (const [id, entry] of entries) {
      if (!matchesFilter(entry.fields, clauses)) continue;
      const s = score(entry);
      if (s !== null) hits.push({ id, score: s, fields: { ...entry.fields } });
    }
    if (options.newest !== undefined)
      hits = hits.sort((a, b) => compareCodePoints(b.id, a.id)).slice(0, pageLimit(options.newest));
    hits.sort((a, b) => b.score - a.score || compareCodePoints(a.id, b.id));
    return hits.slice(0, limit);
  }
}
