import { makeRoom } from '@platform/cache';

import type {
  SearchDocument,
  SearchHit,
  SearchIndex,
  SearchQueryOptions,
} from '../../src/platform/read-store/read-store.port';
import { parseSearchQuery, type SearchQuery, tokenise } from '../../src/platform/read-store/text/tokenise';
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
 * batch that writes to the index drops, when it commits (before any command waiting on it
 * answers), the answers its writes can change (keepsAnswer), and an answer loaded across a commit
 * is not kept. So a popular search is answered from memory until an entry it finds, or could now
 * find, changes.
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

/** What one batch wrote to a search index: the documents it put, and null for the ids it removed. */
export type SearchWrites = ReadonlyMap<string, SearchDocument | null>;

/**
 * Which held answers still hold once `writes` commit. A new post must not empty the answers of
 * every text (under a steady stream of posts no answer would live long enough to be asked twice),
 * so an answer goes only when
 * - one of its hits was written or removed (its text, fields or existence changed), or
 * - a document put now matches its text, by the rule of every adapter: each word, the last as a
 *   prefix, from the same tokeniser (it may enter the answer, or the newest matches it is ranked
 *   among). `where` is not looked at: such an answer goes whenever its text matches.
 * Scores are per document on PostgreSQL, PGlite and MongoDB, so a write elsewhere moves no hit.
 * (The memory adapter's BM25 weighs words by the whole index: there, the order of a kept answer
 * may lag behind a write that does not touch it.) What is left: an entry that matched, removed
 * or rewritten while it sat among the `newest` matches below the answer's `limit`, makes room for
 * an older match that is not brought in until the answer goes for another reason; what is shown
 * is still checked live (SearchQueries), so nothing removed or hidden is shown.
 */
export function keepsAnswer(writes: SearchWrites): (key: string, answer: unknown) => boolean {
  const put = [...writes.values()].flatMap((doc) => (doc ? [indexed(doc.text)] : []));
  return (key, answer) => {
    if (!Array.isArray(answer)) return false;
    if ((answer as SearchHit[]).some((hit) => writes.has(hit.id))) return false;
    const query = parsedText(key);
    return !query || !put.some((doc) => doc.starts.has(query.prefix) && query.terms.every((t) => doc.terms.has(t)));
  };
}

/** A document's terms, and every start of every term (what a last, still typed, word can be). */
function indexed(text: string) {
  const terms = new Set(tokenise(text));
  const starts = new Set<string>();
  for (const term of terms) for (let i = 1; i <= term.length; i++) starts.add(term.slice(0, i));
  return { terms, starts };
}

// Held answers are checked at every commit: their texts are parsed once, not once per commit.
const PARSED_KEPT = 2 * SEARCH_ANSWERS_KEPT;
const parsed = new Map<string, SearchQuery | null>();

function parsedText(key: string): SearchQuery | null {
  let query = parsed.get(key);
  if (query === undefined) {
    const [text] = JSON.parse(key) as [string];
    query = parseSearchQuery(text);
    makeRoom(parsed, PARSED_KEPT);
    parsed.set(key, query);
  }
  return query;
}
