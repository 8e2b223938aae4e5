import type { Filter, Scalar } from '../read-store.port';
import { isScalar } from './docs';
import { ReadStoreError } from './errors';
import { getPath, isPlainObject, type PathParts, splitPath } from './paths';

/**
 * One condition of a filter, parsed once so that every adapter compiles the same meaning:
 * - eq: the value at the path equals the scalar exactly (an array holding it does not match; that
 *   is what $contains is for). null matches a missing field too, as in MongoDB.
 * - in: eq against any of the values; an empty list matches nothing.
 * - contains: the value at the path is an array with an element equal to the scalar.
 */
export type Clause =
  | { path: string; parts: PathParts; op: 'eq'; value: Scalar }
  | { path: string; parts: PathParts; op: 'in'; values: Scalar[] }
  | { path: string; parts: PathParts; op: 'contains'; value: Scalar };

function invalid(path: string, why: string): ReadStoreError {
  return new ReadStoreError(`Invalid filter on ${path}: ${why}`);
}

export function parseFilter(filter: Filter | undefined): Clause[] {
  if (filter === undefined) return [];
  if (!isPlainObject(filter)) throw new ReadStoreError('A filter must be an object');
  return Object.entries(filter).map(([path, v]): Clause => {
    const parts = splitPath(path);
    if (isScalar(v)) return { path, parts, op: 'eq', value: v };
    if (!isPlainObject(v)) throw invalid(path, 'expected a scalar, { $in } or { $contains }');
    const op = v as { $in?: unknown; $contains?: unknown };
    const keys = Object.keys(op);
    if (keys.length === 1 && keys[0] === '$in') {
      const values = op.$in;
      if (!Array.isArray(values) || !values.every(isScalar)) throw invalid(path, '$in takes a list of scalars');
      return { path, parts, op: 'in', values };
    }
    if (keys.length === 1 && keys[0] === '$contains' && isScalar(op.$contains)) {
      return { path, parts, op: 'contains', value: op.$contains };
    }
    throw invalid(path, `unsupported operator ${JSON.stringify(v)}`);
  });
}

function equals(actual: unknown, expected: Scalar): boolean {
  return expected === null ? actual === null || actual === undefined : actual === expected;
}

/** The in-memory meaning of a parsed filter (the SQL and MongoDB compilers mirror it). */
export function matchesFilter(doc: unknown, clauses: readonly Clause[]): boolean {
  return clauses.every((c) => {
    const actual = getPath(doc, c.parts);
    switch (c.op) {
      case 'eq':
        return equals(actual, c.value);
      case 'in':
        return c.values.some((v) => equals(actual, v));
      case 'contains':
        return Array.isArray(actual) && actual.includes(c.value);
    }
  });
}

/**
 * Index keys of a clause, for telling cheaply which documents cannot match it: a document matches
 * the clause only if one of `docKeys(doc, clause)` is among `clauseKeys(clause)` (the converse need
 * not hold). Keys are JSON texts of scalars; a missing field counts as null, as `eq` treats it.
 */
export function clauseKeys(c: Clause): string[] {
  return c.op === 'in' ? c.values.map(keyOf) : [keyOf(c.value)];
}

/** See clauseKeys: what `doc` holds at the clause's path, as keys. */
export function docKeys(doc: unknown, c: Clause): string[] {
  const actual = getPath(doc, c.parts);
  if (c.op === 'contains') return Array.isArray(actual) ? actual.filter(isScalar).map(keyOf) : [];
  if (actual === undefined) return [keyOf(null)];
  return isScalar(actual) ? [keyOf(actual)] : [];
}

const keyOf = (v: Scalar) => JSON.stringify(v);
