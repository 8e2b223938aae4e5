import { ReadStoreError } from './errors';

// Collection and search-index names become SQL table and MongoDB collection names behind a short
// prefix, so they must be plain identifiers short enough for PostgreSQL's 63-byte limit.
const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,49}$/;

export function assertName(kind: 'collection' | 'search index', name: string): string {
  if (typeof name !== 'string' || !NAME.test(name)) {
    throw new ReadStoreError(`Invalid ${kind} name ${JSON.stringify(name)}: use letters, digits and _ (at most 50)`);
  }
  return name;
}

/** The leases of one renewal: each valid, no name twice (one statement cannot renew a row twice). */
export function assertLeaseHolds(leases: readonly { name: string; owner: string }[], ttlMs: number): void {
  for (const { name, owner } of leases) assertLease(name, owner, ttlMs);
  if (leases.length === 0) assertLease('-', '-', ttlMs);
  if (new Set(leases.map((l) => l.name)).size !== leases.length) {
    throw new ReadStoreError('A lease can be renewed once per call');
  }
}

export function assertLease(name: string, owner: string, ttlMs?: number): void {
  if (typeof name !== 'string' || !name) throw new ReadStoreError('A lease needs a name');
  if (typeof owner !== 'string' || !owner) throw new ReadStoreError('A lease needs an owner');
  if (ttlMs !== undefined && !(Number.isFinite(ttlMs) && ttlMs > 0)) {
    throw new ReadStoreError(`Lease ttlMs must be a positive number, got ${ttlMs}`);
  }
}
