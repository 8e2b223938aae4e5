import type { Collection as MongoCollectionHandle } from 'mongodb';
import { MongoBulkWriteError, MongoServerError } from 'mongodb';

import type { LeaseHold } from '../read-store.port';

export interface LeaseEntry {
  _id: string;
  owner: string;
  expiresAt: Date;
}

const DUPLICATE_KEY = 11000;

/**
 * One atomic upsert, timed by the server's clock ($$NOW) so that processes with skewed clocks agree.
 * When another owner holds an unexpired lease the filter misses, the upsert tries to insert a
 * second document with the same _id and the unique index refuses it: not acquired.
 */
export async function acquireMongoLease(
  leases: MongoCollectionHandle<LeaseEntry>,
  name: string,
  owner: string,
  ttlMs: number,
): Promise<boolean> {
  try {
    await leases.updateOne(
      { _id: name, $or: [{ owner }, { $expr: { $lte: ['$expiresAt', '$$NOW'] } }] },
      [{ $set: { owner, expiresAt: { $add: ['$$NOW', ttlMs] } } }],
      { upsert: true },
    );
    return true;
  } catch (err) {
    if (err instanceof MongoServerError && err.code === DUPLICATE_KEY) return false;
    throw err;
  }
}

/** acquireMongoLease for many leases in one unordered bulk write; the answer follows the order asked. */
export async function renewMongoLeases(
  leases: MongoCollectionHandle<LeaseEntry>,
  held: readonly LeaseHold[],
  ttlMs: number,
): Promise<boolean[]> {
  if (held.length === 0) return [];
  const updates = held.map(({ name, owner }) => ({
    updateOne: {
      filter: { _id: name, $or: [{ owner }, { $expr: { $lte: ['$expiresAt', '$$NOW'] } }] },
      update: [{ $set: { owner, expiresAt: { $add: ['$$NOW', ttlMs] } } }],
      upsert: true,
    },
  }));
  try {
    await leases.bulkWrite(updates, { ordered: false });
    return held.map(() => true);
  } catch (err) {
    if (!(err instanceof MongoBulkWriteError)) throw err;
    const errors = ([] as { code?: number; index: number }[]).concat(err.writeErrors);
    if (errors.some((e) => e.code !== DUPLICATE_KEY)) throw err;
    // Each refused upsert is a lease another owner holds; the rest were renewed.
    const taken = new Set(errors.map((e) => e.index));
    return held.map((_, i) => !taken.has(i));
  }
}

export async function releaseMongoLease(
  leases: MongoCollectionHandle<LeaseEntry>,
  name: string,
  owner: string,
): Promise<void> {
  await leases.deleteOne({ _id: name, owner });
}
