import type { SearchIndex } from '../../src/platform/read-store/read-store.port';
import { keptPositions } from '../../src/platform/read-store/text/indexed-text';
import { parseSearchDocument } from '../../src/platform/read-store/text/search-document';
import { loadTextIndex, type TextIndex, TooManyDocuments } from '../../src/platform/read-store/text/text-index';
import type { SearchWrites } from './cached-search-index';

/**
 * Past this many documents the index stays in the store: at 1-2 KB a document (its terms, their
 * positions, its place in the lists), 250,000 hold some 400 MB of the process's memory.
 */
export const TEXT_INDEX_MAX_DOCS = 250_000;
/** After a load failed, the store answers for this long before a load is tried again. */
const RETRY_MS = 30_000;

/**
 * A search index this process's runner writes, held in memory (TextIndex) so that a text never
 * asked before is answered without PostgreSQL, as PostgreSQL would answer it. Loaded from the store
 * when first asked (the store answers meanwhile); every batch that writes the index hands its
 * writes here when it commits, before any command waiting on it answers. Writes that commit while
 * the load is reading are applied after it, in order: each is the whole document as of its commit,
 * so the last one wins whichever side of a page's snapshot it fell. Dropped (and loaded again when
 * next asked) whenever the runner's caches of the index are: the runner stopped following its
 * projector, or a commit may have failed halfway.
 */
export class LiveTextIndex {
  private index: TextIndex | null = null;
  private loading: { pending: SearchWrites[] } | null = null;
  private failedAt = -Infinity;

  constructor(
    private readonly source: SearchIndex,
    private readonly maxDocs = TEXT_INDEX_MAX_DOCS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The index once loaded; until then null, and a load is started if none is under way. */
  ready(): TextIndex | null {
    if (this.index || this.loading || !this.source.entries) return this.index;
    if (this.now() - this.failedAt >= RETRY_MS) void this.load();
    return null;
  }

  /** A batch that wrote to the index committed. */
  committed(writes: SearchWrites): void {
    if (this.index) apply(this.index, writes);
    else this.loading?.pending.push(writes);
  }

  /** Anything held may be wrong: forget it (a load under way is abandoned). */
  drop(): void {
    this.index = null;
    this.loading = null;
  }

  private async load(): Promise<void> {
    const loading = (this.loading = { pending: [] });
    try {
      const index = await loadTextIndex(this.source, {
        maxDocs: this.maxDocs,
        stillWanted: () => this.loading === loading,
      });
      if (!index) return;
      for (const writes of loading.pending) apply(index, writes);
      this.index = index;
    } catch (err) {
      // The store keeps answering; a load is tried again later (never, for an index too large).
      if (this.loading === loading) this.failedAt = err instanceof TooManyDocuments ? Infinity : this.now();
    } finally {
      if (this.loading === loading) this.loading = null;
    }
  }
}

function apply(index: TextIndex, writes: SearchWrites) {
  for (const [id, doc] of writes) {
    if (!doc) {
      index.remove(id);
      continue;
    }
    const { tokens, fields } = parseSearchDocument(doc);
    index.put(id, keptPositions(tokens), fields);
  }
}
