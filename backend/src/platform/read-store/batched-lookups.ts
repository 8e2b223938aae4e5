import { toJson } from './core/docs';
import type { Collection, Doc, IdLookup, ReadStore } from './read-store.port';

interface Waiting {
  ids: string[];
  resolve(docs: Doc[]): void;
  reject(err: unknown): void;
}

/**
 * A read store whose lookups by id (`get`, `getMany`) asked in the same turn of the event loop go
 * to the store together, as one `lookupMany` (one statement on PostgreSQL): a feed page asks for
 * the viewer's reactions, poll votes, the authors, media and video settings at once, and requests
 * arriving together share their statements. Everything else goes straight to the store. A
 * store without `lookupMany` is returned as it is.
 */
export function withBatchedLookups(store: ReadStore): ReadStore {
  const lookupMany = store.lookupMany?.bind(store);
  if (!lookupMany) return store;
  let queued = new Map<string, Waiting[]>();
  let scheduled = false;

  const flush = async () => {
    const batch = queued;
    queued = new Map();
    scheduled = false;
    const collections = [...batch.keys()];
    const asked: IdLookup[] = collections.map((collection) => ({
      collection,
      ids: [...new Set(batch.get(collection)!.flatMap((w) => w.ids))],
    }));
    let answers: Doc[][];
    try {
      answers = await lookupMany(asked);
    } catch {
      // One bad lookup (a collection not created yet) must not fail the others: ask each alone,
      // so every caller gets its own answer or error.
      for (const [collection, waiting] of batch)
        for (const w of waiting) store.collection(collection).getMany(w.ids).then(w.resolve, w.reject);
      return;
    }
    collections.forEach((collection, i) => {
      const byId = new Map(answers[i]!.map((d) => [d.id, d]));
      const handedOut = new Set<string>();
      for (const w of batch.get(collection)!) {
        const docs: Doc[] = [];
        for (const id of w.ids) {
          const doc = byId.get(id);
          if (!doc) continue;
          // Callers never share a document (each engine's getMany gives fresh objects).
          docs.push(handedOut.has(id) ? toJson(doc) : doc);
          handedOut.add(id);
        }
        w.resolve(docs);
      }
    });
  };

  const enqueue = (collection: string, ids: string[]) =>
    new Promise<Doc[]>((resolve, reject) => {
      const waiting = queued.get(collection) ?? [];
      waiting.push({ ids, resolve, reject });
      queued.set(collection, waiting);
      if (!scheduled) {
        scheduled = true;
        // After every promise continuation of this turn: the lookups a Promise.all starts together
        // reach here after their own awaits (generation lookups) have settled.
        setImmediate(() => void flush());
      }
    });

  const collection = <T extends Doc = Doc>(name: string): Collection<T> => {
    const direct = store.collection<T>(name);
    return Object.assign(Object.create(direct) as Collection<T>, {
      get: async (id: string) => {
        if (typeof id !== 'string' || id.length === 0) return direct.get(id); // its own error
        return ((await enqueue(name, [id]))[0] as T | undefined) ?? null;
      },
      getMany: async (ids: string[]) => {
        if (ids.length === 0 || ids.some((id) => typeof id !== 'string' || id.length === 0)) return direct.getMany(ids);
        return (await enqueue(name, ids)) as T[];
      },
    });
  };

  return Object.assign(Object.create(store) as ReadStore, { collection });
}
