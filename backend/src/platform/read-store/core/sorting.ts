import type { Doc, SortSpec } from '../read-store.port';
import { ReadStoreError } from './errors';
import { getPath, type PathParts, splitPath } from './paths';

export interface ResolvedSort {
  field: string;
  parts: PathParts;
  direction: 'asc' | 'desc';
  type: 'string' | 'number';
  /** Sorting by the id alone: no tie-break needed, adapters use their primary key. */
  byId: boolean;
}

export type SortValue = string | number | null;

const BY_ID: ResolvedSort = { field: 'id', parts: ['id'], direction: 'asc', type: 'string', byId: true };

export function resolveSort(sort: SortSpec | undefined): ResolvedSort {
  if (!sort) return BY_ID;
  if (sort.direction !== 'asc' && sort.direction !== 'desc')
    throw new ReadStoreError(`Invalid sort direction ${sort.direction}`);
  const type = sort.type ?? 'string';
  if (type !== 'string' && type !== 'number') throw new ReadStoreError(`Invalid sort type ${type}`);
  const parts = splitPath(sort.field);
  const byId = sort.field === 'id';
  return { field: sort.field, parts, direction: sort.direction, type: byId ? 'string' : type, byId };
}

/**
 * The value a document sorts by. A missing value, or one of another type than the sort declares,
 * sorts as null: smallest, so first ascending and last descending (MongoDB's order for null; the
 * SQL adapter's index expressions produce NULL for the same cases).
 */
export function sortValueOf(doc: Doc, sort: ResolvedSort): SortValue {
  const v = getPath(doc, sort.parts);
  if (sort.type === 'number') return typeof v === 'number' ? v : null;
  return typeof v === 'string' ? v : null;
}

// UTF-16 code units order surrogate pairs below U+E000..U+FFFF; shifting them above makes the
// comparison follow code points, which is what PostgreSQL's "C" collation and MongoDB do.
function codePointUnit(u: number): number {
  if (u >= 0xd800 && u < 0xe000) return u + 0x2000;
  if (u >= 0xe000) return u - 0x800;
  return u;
}

export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointUnit(x) - codePointUnit(y);
  }
  return a.length - b.length;
}

function compareValues(a: SortValue, b: SortValue): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return compareCodePoints(String(a), String(b));
}

export interface SortPosition {
  value: SortValue;
  id: string;
}

/** Orders two positions under the sort: by value, ties by id, both in the sort's direction. */
export function comparePositions(a: SortPosition, b: SortPosition, sort: ResolvedSort): number {
  const c = sort.byId ? 0 : compareValues(a.value, b.value);
  const r = c !== 0 ? c : compareCodePoints(a.id, b.id);
  return sort.direction === 'asc' ? r : -r;
}

export function positionOf(doc: Doc, sort: ResolvedSort): SortPosition {
  return { value: sort.byId ? doc.id : sortValueOf(doc, sort), id: doc.id };
}
