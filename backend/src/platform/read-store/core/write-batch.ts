import type { BatchWrites, CollectionWrites, ReadStore, SearchDocument, SearchIndexWrites } from '../read-store.port';
import { type ParsedSearchDocument, parseSearchDocument } from '../text/search-document';
import { assertDoc, assertId, lastById } from './docs';
import { ReadStoreError } from './errors';
import { assertName } from './names';

/** A search index's part of a batch once checked: each id once, with its last write. */
export interface ParsedSearchWrites {
  searchIndex: string;
  /** `parsed`: the document's words and fields, as the engine indexes them. */
  upserts: { id: string; doc: SearchDocument; parsed: ParsedSearchDocument }[];
  removes: string[];
}

export interface ParsedWrites {
  collections: CollectionWrites[];
  searchIndexes: ParsedSearchWrites[];
}

const isSearch = (w: BatchWrites): w is SearchIndexWrites => 'searchIndex' in w;

/**
 * Checks a whole batch before anything is written, and folds several entries for one collection
 * into one (the last upsert of an id wins; an id may not be both upserted and deleted) and for one
 * search index into one (its last write of an id wins, as written one by one it would).
 */
export function parseWrites(writes: readonly BatchWrites[]): ParsedWrites {
  const byCollection = new Map<string, { upserts: CollectionWrites['upserts']; deletes: Set<string> }>();
  const byIndex = new Map<string, Map<string, { doc: SearchDocument; parsed: ParsedSearchDocument } | null>>();
  for (const w of writes) {
    if (isSearch(w)) {
      assertName('search index', w.searchIndex);
      let entry = byIndex.get(w.searchIndex);
      if (!entry) byIndex.set(w.searchIndex, (entry = new Map()));
      for (const [id, doc] of w.writes) {
        assertId(id);
        entry.delete(id);
        entry.set(id, doc && { doc, parsed: parseSearchDocument(doc) });
      }
      continue;
    }
    assertName('collection', w.collection);
    let entry = byCollection.get(w.collection);
    if (!entry) byCollection.set(w.collection, (entry = { upserts: [], deletes: new Set() }));
    for (const doc of w.upserts) assertDoc(doc);
    for (const id of w.deletes) assertId(id);
    entry.upserts.push(...w.upserts);
    for (const id of w.deletes) entry.deletes.add(id);
  }
  const collections = [...byCollection].flatMap(([collection, { upserts, deletes }]) => {
    const unique = lastById(upserts);
    const both = unique.find((d) => deletes.has(d.id));
    if (both)
      throw new ReadStoreError(`Document ${both.id} of ${collection} is both upserted and deleted in one batch`);
    return unique.length || deletes.size ? [{ collection, upserts: unique, deletes: [...deletes] }] : [];
  });
  const searchIndexes = [...byIndex].flatMap(([searchIndex, entries]) => {
    const upserts: ParsedSearchWrites['upserts'] = [];
    const removes: string[] = [];
    for (const [id, entry] of entries) {
      if (entry) upserts.push({ id, ...entry });
      else removes.push(id);
    }
    return entries.size ? [{ searchIndex, upserts, removes }] : [];
  });
  return { collections, searchIndexes };
}

/** writeBatch for engines without a one-statement form: the same writes in one transaction. */
export async function writeBatchInTransaction(
  store: ReadStore,
  writes: readonly BatchWrites[],
  options?: { durable?: boolean },
): Promise<void> {
  const { collections, searchIndexes } = parseWrites(writes);
  if (collections.length === 0 && searchIndexes.length === 0) return;
  await store.transaction(async (session) => {
    for (const w of collections) {
      const collection = session.collection(w.collection);
      await collection.deleteMany(w.deletes);
      await collection.upsertMany(w.upserts);
    }
    for (const w of searchIndexes) {
      const index = session.searchIndex(w.searchIndex);
      for (const id of w.removes) await index.remove(id);
      for (const { id, doc } of w.upserts) await index.upsert(id, doc);
    }
  }, options);
}
