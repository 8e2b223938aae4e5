import type { Collection as MongoCollectionHandle } from 'mongodb';
import { MongoServerError } from 'mongodb';

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

export async function releaseMongoLease(
  leases: MongoCollectionHandle<LeaseEntry>,
  name: string,
  owner: string,
): Promise<void> {
  await leases.deleteOne({ _id: name, owner });
}
