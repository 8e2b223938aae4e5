import type { ClientSession, Collection as MongoCollectionHandle } from 'mongodb';
import { MongoServerError } from 'mongodb';

import { decodeCursor } from '../core/cursor';
import { assertDoc, assertId, inIdOrder, lastById } from '../core/docs';
import { parseFilter } from '../core/filter';
import { pageLimit, toPage } from '../core/paging';
import { resolveSort } from '../core/sorting';
import { isEmptyUpdate, parseUpdate } from '../core/update';
import type { Collection, Doc, Filter, FindQuery, FindResult, UpdateSpec } from '../read-store.port';
import {
  fromMongoDoc,
  keysetFilter,
  type MongoDoc,
  toMongoDoc,
  toMongoFilter,
  toMongoSort,
  toMongoUpdate,
} from './mongo-mapping';

const DUPLICATE_KEY = 11000;

/** A collection on MongoDB; session is set when it belongs to a transaction. */
export class MongoCollection<T extends Doc> implements Collection<T> {
  constructor(
    private readonly coll: MongoCollectionHandle<MongoDoc>,
    private readonly session?: ClientSession | undefined,
  ) {}

  /** The driver's options want `session` absent, not undefined, outside a transaction. */
  private get inSession(): { session?: ClientSession } {
    return this.session ? { session: this.session } : {};
  }

  async get(id: string): Promise<T | null> {
    assertId(id);
    const raw = await this.coll.findOne({ _id: id }, this.inSession);
    return raw ? fromMongoDoc<T>(raw) : null;
  }

  async getMany(ids: string[]): Promise<T[]> {
    ids.forEach(assertId);
    if (!ids.length) return [];
    const raws = await this.coll.find({ _id: { $in: [...new Set(ids)] } }, this.inSession).toArray();
    return inIdOrder(
      ids,
      raws.map((r) => fromMongoDoc<T>(r)),
    );
  }

  async upsert(doc: T): Promise<void> {
    assertDoc(doc);
    await this.coll.replaceOne({ _id: doc.id }, toMongoDoc(doc), { upsert: true, ...this.inSession });
  }

  async upsertMany(docs: T[]): Promise<void> {
    const unique = lastById(docs);
    if (!unique.length) return;
    const ops = unique.map((d) => ({
      replaceOne: { filter: { _id: d.id }, replacement: toMongoDoc(d), upsert: true },
    }));
    await this.coll.bulkWrite(ops, { ordered: false, ...this.inSession });
  }

  async update(id: string, spec: UpdateSpec, options?: { upsert?: boolean }): Promise<T | null> {
    assertId(id);
    const parsed = parseUpdate(spec);
    // MongoDB refuses an update without operators; the port treats it as "make sure it exists".
    if (isEmptyUpdate(parsed)) return this.ensureExists(id, !!options?.upsert);
    const raw = await this.coll.findOneAndUpdate({ _id: id }, toMongoUpdate(parsed), {
      upsert: !!options?.upsert,
      returnDocument: 'after',
      ...this.inSession,
    });
    return raw ? fromMongoDoc<T>(raw) : null;
  }

  async delete(id: string): Promise<boolean> {
    assertId(id);
    const res = await this.coll.deleteOne({ _id: id }, this.inSession);
    return res.deletedCount === 1;
  }

  async deleteMany(ids: string[]): Promise<number> {
    ids.forEach(assertId);
    if (!ids.length) return 0;
    const res = await this.coll.deleteMany({ _id: { $in: [...new Set(ids)] } }, this.inSession);
    return res.deletedCount;
  }

  async find(query: FindQuery = {}): Promise<FindResult<T>> {
    const sort = resolveSort(query.sort);
    const limit = pageLimit(query.limit);
    const after = query.after ? decodeCursor(query.after, sort) : null;
    const where = toMongoFilter(parseFilter(query.where));
    const filter = after ? { $and: [where, keysetFilter(sort, after)] } : where;
    const raws = await this.coll
      .find(filter, this.inSession)
      .sort(toMongoSort(sort))
      .limit(limit + 1)
      .toArray();
    return toPage(
      raws.map((r) => fromMongoDoc<T>(r)),
      limit,
      sort,
    );
  }

  async count(where?: Filter): Promise<number> {
    return this.coll.countDocuments(toMongoFilter(parseFilter(where)), this.inSession);
  }

  private async ensureExists(id: string, upsert: boolean): Promise<T | null> {
    const existing = await this.get(id);
    if (existing || !upsert) return existing;
    try {
      await this.coll.insertOne({ _id: id }, this.inSession);
    } catch (err) {
      if (!(err instanceof MongoServerError && err.code === DUPLICATE_KEY)) throw err;
    }
    return this.get(id);
  }
}
