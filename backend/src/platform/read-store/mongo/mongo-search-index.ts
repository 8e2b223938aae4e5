import type { ClientSession, Collection as MongoCollectionHandle, Document } from 'mongodb';

import { assertId } from '../core/docs';
import { parseFilter } from '../core/filter';
import { pageLimit } from '../core/paging';
import { compareCodePoints } from '../core/sorting';
import type { Scalar, SearchDocument, SearchHit, SearchIndex, SearchQueryOptions } from '../read-store.port';
import { parseSearchDocument } from '../text/search-document';
import { parseSearchQuery, type SearchQuery } from '../text/tokenise';
import { toMongoFilter } from './mongo-mapping';

/**
 * Entries: { _id, text, terms, fields }. text holds the shared tokeniser's terms joined by spaces,
 * under a text index with default_language 'none' (no stemming or stop words of MongoDB's own, so
 * Arabic terms and our stems pass unchanged). terms holds the distinct terms under a multikey
 * index.
 *
 * $text ORs its words and has no prefix matching, so it cannot decide the port's "every word, last
 * one as a prefix". Matching is therefore decided on terms (one equality per word, an anchored
 * regex for the prefix, both served by the index); $text only ranks. Every match holds the full
 * words, so $text finds them all as long as the query has one; a one-word query whose word is
 * only a prefix has nothing for $text to find, so those completions follow the exact matches with
 * score 0, by id.
 */
export interface MongoSearchEntry {
  _id: string;
  text: string;
  terms: string[];
  fields: Record<string, Scalar>;
}

export const SEARCH_INDEXES = [
  { key: { text: 'text' }, name: 'text', default_language: 'none' },
  { key: { terms: 1 }, name: 'terms' },
] as const;

type Hit = Pick<MongoSearchEntry, '_id' | 'fields'>;

const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function matchFilter(query: SearchQuery, where: Document): Document {
  const words = query.terms.map((t) => ({ terms: t }));
  return { $and: [...words, { terms: { $regex: `^${escapeRegex(query.prefix)}` } }, where] };
}

export class MongoSearchIndex implements SearchIndex {
  constructor(
    private readonly coll: MongoCollectionHandle<MongoSearchEntry>,
    private readonly session?: ClientSession | undefined,
  ) {}

  /** The driver's options want `session` absent, not undefined, outside a transaction. */
  private get inSession(): { session?: ClientSession } {
    return this.session ? { session: this.session } : {};
  }

  async upsert(id: string, doc: SearchDocument): Promise<void> {
    assertId(id);
    const { tokens, fields } = parseSearchDocument(doc);
    const entry = { _id: id, text: tokens.join(' '), terms: [...new Set(tokens)], fields };
    await this.coll.replaceOne({ _id: id }, entry, { upsert: true, ...this.inSession });
  }

  async remove(id: string): Promise<void> {
    assertId(id);
    await this.coll.deleteOne({ _id: id }, this.inSession);
  }

  async query(text: string, options: SearchQueryOptions = {}): Promise<SearchHit[]> {
    const limit = pageLimit(options.limit);
    const where = toMongoFilter(parseFilter(options.where), 'fields.');
    const query = parseSearchQuery(text);
    if (!query) return [];
    const filter = matchFilter(query, where);
    const found = this.coll.find<Hit & { score: number }>(
      { ...filter, $text: { $search: [...query.terms, query.prefix].join(' ') } },
      { projection: { fields: 1, score: { $meta: 'textScore' } }, ...this.inSession },
    );
    // With `newest`, the most recent matches (greatest ids) are read and ranked here, not all of them.
    const ranked =
      options.newest !== undefined
        ? (await found.sort({ _id: -1 }).limit(pageLimit(options.newest)).toArray())
            .sort((a, b) => b.score - a.score || compareCodePoints(a._id, b._id))
            .slice(0, limit)
        : await found
            .sort({ score: { $meta: 'textScore' }, _id: 1 })
            .limit(limit)
            .toArray();
    const hits: SearchHit[] = ranked.map((r) => ({ id: r._id, score: r.score, fields: r.fields }));
    if (query.terms.length || hits.length === limit) return hits;
    const completions = await this.coll
      .find<Hit>({ $and: [filter, { terms: { $ne: query.prefix } }] }, { projection: { fields: 1 }, ...this.inSession })
      .sort({ _id: 1 })
      .limit(limit - hits.length)
      .toArray();
    return [...hits, ...completions.map((r) => ({ id: r._id, score: 0, fields: r.fields }))];
  }
}
