import type {
  SearchDocument,
  SearchHit,
  SearchIndex,
  SearchQueryOptions,
} from '../../src/platform/read-store/read-store.port';
import type { CollectionCache } from './cached-collection';

/**
 * Query answers kept per search index: an answer is a list of hits (up to a few hundred small
 * objects), so far fewer are kept than documents of a collection.
 */
export const SEARCH_ANSWERS_KEPT = 5_000;

/** What a search answer is kept under. */
export const answerKey = (text: string, options: SearchQueryOptions = {}) =>
  JSON.stringify([text, options.limit, options.newest, options.where]);

/**
 * Answers of one search index while the projection runner of this same process owns it: each
 * batch that writes to the index drops them when it commits (before any command waiting on it
 * answers), and an answer loaded across a commit is not kept. So a popular search is answered
 * from memory until the index changes, and never with what the index no longer holds.
 */
export class CachedSearchIndex implements SearchIndex {
  constructor(
    private readonly target: SearchIndex,
    private readonly cache: CollectionCache,
  ) {}

  /** Each caller gets an array of its own (the hits themselves are shared: read them, do not change them). */
  async query(text: string, options: SearchQueryOptions = {}): Promise<SearchHit[]> {
    return [...(await this.cache.through(answerKey(text, options), () => this.target.query(text, options)))];
  }

  // Never called from the query side; a write here still leaves nothing stale behind.
  upsert(id: string, doc: SearchDocument): Promise<void> {
    this.cache.invalidate();
    return this.target.upsert(id, doc);
  }

  remove(id: string): Promise<void> {
    this.cache.invalidate();
    return this.target.remove(id);
  }
}
