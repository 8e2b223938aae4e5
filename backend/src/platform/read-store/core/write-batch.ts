import type { CollectionWrites, ReadStore } from '../read-store.port';
import { assertDoc, assertId, lastById } from './docs';
import { ReadStoreError } from './errors';
import { assertName } from './names';

/**
 * Checks a whole batch before anything is written, and folds several entries for one collection
 * into one (the last upsert of an id wins; an id may not be both upserted and deleted).
 */
export function parseWrites(writes: readonly CollectionWrites[]): CollectionWrites[] {
  const byCollection = new Map<string, { upserts: CollectionWrites['upserts']; deletes: Set<string> }>();
  for (const w of writes) {
    assertName('collection', w.collection);
    let entry = byCollection.get(w.collection);
    if (!entry) byCollection.set(w.collection, (entry = { upserts: [], deletes: new Set() }));
    for (const doc of w.upserts) assertDoc(doc);
    for (const id of w.deletes) assertId(id);
    entry.upserts.push(...w.upserts);
    for (const id of w.deletes) entry.deletes.add(id);
  }
  return [...byCollection].flatMap(([collection, { upserts, deletes }]) => {
    const unique = lastById(upserts);
    const both = unique.find((d) => deletes.has(d.id));
    if (both)
      throw new ReadStoreError(`Document ${both.id} of ${collection} is both upserted and deleted in one batch`);
    return unique.length || deletes.size ? [{ collection, upserts: unique, deletes: [...deletes] }] : [];
  });
}

/** writeBatch for engines without a one-statement form: the same writes in one transaction. */
export async function writeBatchInTransaction(
  store: ReadStore,
  writes: readonly CollectionWrites[],
  options?: { durable?: boolean },
): Promise<void> {
  const parsed = parseWrites(writes);
  if (parsed.length === 0) return;
  await store.transaction(async (session) => {
    for (const w of parsed) {
      const collection = session.collection(w.collection);
      await collection.deleteMany(w.deletes);
      await collection.upsertMany(w.upserts);
    }
  }, options);
}
