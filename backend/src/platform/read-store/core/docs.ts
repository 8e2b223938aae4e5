import type { Doc, Scalar } from '../read-store.port';
import { ReadStoreError } from './errors';

/**
 * Documents are JSON. Every adapter passes what it stores through JSON so that all engines keep
 * the same thing (undefined dropped, Dates as ISO strings) and callers never share our objects.
 */
export function toJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * A deep copy of a document the store gave (already JSON: no undefined, Dates or cycles), without
 * the round trip through text that toJson makes.
 */
export function copyJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyJson) as T;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const v = copyJson((value as Record<string, unknown>)[key]);
    // An own "__proto__" (JSON.parse makes one) must stay a key, not become the prototype.
    if (key === '__proto__')
      Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
    else out[key] = v;
  }
  return out as T;
}

export function isScalar(v: unknown): v is Scalar {
  return v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
}

export function assertId(id: unknown): asserts id is string {
  if (typeof id !== 'string' || id.length === 0) throw new ReadStoreError(`Invalid document id ${JSON.stringify(id)}`);
}

export function assertDoc(doc: Doc): void {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    throw new ReadStoreError('A document must be an object');
  assertId(doc.id);
}

/** One entry per id, the last one winning: a bulk upsert may carry several versions of a doc. */
export function lastById<T extends Doc>(docs: readonly T[]): T[] {
  const byId = new Map<string, T>();
  for (const d of docs) {
    assertDoc(d);
    byId.delete(d.id); // keep the position of the last write, not the first
    byId.set(d.id, d);
  }
  return [...byId.values()];
}

/** The found documents in the order of the requested ids (repeated ids repeat), missing left out. */
export function inIdOrder<T extends Doc>(ids: readonly string[], found: readonly T[]): T[] {
  const byId = new Map(found.map((d) => [d.id, d]));
  return ids.flatMap((id) => {
    const d = byId.get(id);
    return d ? [d] : [];
  });
}
