import { copyJson } from './core/docs';
import type { Collection, Doc, FindQuery, FindResult, ReadStore } from './read-store.port';

/** Finds per statement at most. */
export const FINDS_PER_STATEMENT = 16;

interface Waiting<T> {
  resolve(value: T): void;
  reject(err: unknown): void;
}
type Lookup = Waiting<Doc[]> & { collection: string; ids: string[] };
type Find = Waiting<FindResult<Doc>> & { collection: string; query: FindQuery };

/**
 * A read store whose reads asked in the same turn of the event loop go to the store together:
 * lookups by id (`get`, `getMany`) as one `lookupMany`, finds as one `findMany` (one statement
 * each on PostgreSQL). A feed page asks for the viewer's reactions, poll votes, authors, media and
 * video settings at once; requests arriving together share their statements, so the statements
 * per request fall as the load rises. Writes, counts and searches go straight to the store; a
 * store without these methods is returned as it is.
 */
export function withBatchedReads(store: ReadStore): ReadStore {
  const lookupMany = store.lookupMany?.bind(store);
  const findMany = store.findMany?.bind(store);
  if (!lookupMany || !findMany) return store;
  let lookups: Lookup[] = [];
  let finds: Find[] = [];
  let scheduled = false;

  const flush = () => {
    const [l, f] = [lookups, finds];
    [lookups, finds, scheduled] = [[], [], false];
    if (l.length) void flushLookups(l);
    if (f.length) void flushFinds(f);
  };

  const flushLookups = async (batch: Lookup[]) => {
    const idsOf = new Map<string, Set<string>>();
    for (const w of batch) {
      let ids = idsOf.get(w.collection);
      if (!ids) idsOf.set(w.collection, (ids = new Set()));
      for (const id of w.ids) ids.add(id);
    }
    const collections = [...idsOf.keys()];
    const asked = collections.map((collection) => ({ collection, ids: [...idsOf.get(collection)!] }));
    let answers: Doc[][];
    try {
      answers = await lookupMany(asked);
    } catch {
      // One bad lookup (a collection not created yet) must not fail the others: each alone then.
      for (const w of batch) store.collection(w.collection).getMany(w.ids).then(w.resolve, w.reject);
      return;
    }
    const byId = new Map(collections.map((c, i) => [c, new Map(answers[i]!.map((d) => [d.id, d]))]));
    const handedOut = new Set<Doc>();
    for (const w of batch) {
      const found = byId.get(w.collection)!;
      w.resolve(w.ids.flatMap((id) => (found.has(id) ? [own(found.get(id)!, handedOut)] : [])));
    }
  };

  const flushFinds = async (all: Find[]) => {
    // One statement runs on one database connection: a busy turn's finds go as several
    // statements side by side rather than one that only one backend works on.
    if (all.length > FINDS_PER_STATEMENT) {
      for (let i = 0; i < all.length; i += FINDS_PER_STATEMENT) void flushFinds(all.slice(i, i + FINDS_PER_STATEMENT));
      return;
    }
    const batch = all;
    let answers: FindResult<Doc>[];
    try {
      answers = await findMany(batch.map(({ collection, query }) => ({ collection, query })));
    } catch {
      for (const w of batch) store.collection(w.collection).find(w.query).then(w.resolve, w.reject);
      return;
    }
    batch.forEach((w, i) => w.resolve(answers[i]!));
  };

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    // After every promise continuation of this turn: reads a Promise.all starts together reach
    // here after their own awaits (generation lookups) have settled.
    setImmediate(flush);
  };

  // A name's wrapper is made once: a feed request asks for a dozen collections, each of many requests.
  // (Names are physical, a rebuild's generation is another name, so a wrapper never outlives its table.)
  const wrappers = new Map<string, Collection<Doc>>();
  const collection = <T extends Doc = Doc>(name: string): Collection<T> => {
    let wrapper = wrappers.get(name);
    if (!wrapper) wrappers.set(name, (wrapper = wrap(name)));
    return wrapper as unknown as Collection<T>;
  };
  const wrap = <T extends Doc = Doc>(name: string): Collection<T> => {
    const direct = store.collection<T>(name);
    const lookup = (ids: string[]) =>
      new Promise<Doc[]>((resolve, reject) => {
        lookups.push({ collection: name, ids, resolve, reject });
        schedule();
      });
    const valid = (id: unknown) => typeof id === 'string' && id.length > 0;
    return Object.assign(Object.create(direct) as Collection<T>, {
      get: async (id: string) => (valid(id) ? (((await lookup([id]))[0] as T | undefined) ?? null) : direct.get(id)),
      // An invalid id gets the store's own error.
      getMany: async (ids: string[]) =>
        ids.length > 0 && ids.every(valid) ? ((await lookup(ids)) as T[]) : direct.getMany(ids),
      find: (query: FindQuery = {}) =>
        new Promise<FindResult<T>>((resolve, reject) => {
          finds.push({ collection: name, query, resolve: resolve as (r: FindResult<Doc>) => void, reject });
          schedule();
        }),
    });
  };

  return Object.assign(Object.create(store) as ReadStore, { collection });
}

/** Callers never share a document (each engine's reads give fresh objects): the second one gets a copy. */
function own(doc: Doc, handedOut: Set<Doc>): Doc {
  if (!handedOut.has(doc)) {
    handedOut.add(doc);
    return doc;
  }
  return copyJson(doc);
}
