import type { Doc, Scalar, UpdateSpec } from '../read-store.port';
import { isScalar, toJson } from './docs';
import { ReadStoreError } from './errors';
import { getPath, type PathParts, setPath, splitPath, unsetPath } from './paths';

type Op = 'set' | 'unset' | 'inc' | 'addToSet' | 'removeFromSet';

/** A validated update: every path split once, values normalised to JSON / lists of scalars. */
export interface ParsedUpdate {
  set: Array<[PathParts, unknown]>;
  unset: PathParts[];
  inc: Array<[PathParts, number]>;
  addToSet: Array<[PathParts, Scalar[]]>;
  removeFromSet: Array<[PathParts, Scalar[]]>;
}

function scalars(op: Op, path: string, v: Scalar | Scalar[]): Scalar[] {
  const list = Array.isArray(v) ? v : [v];
  if (!list.every(isScalar))
    throw new ReadStoreError(`${op} ${path}: values must be strings, numbers, booleans or null`);
  return list;
}

/**
 * Validates an update the way MongoDB would, before any adapter runs it, so that all engines
 * refuse the same specs: the id cannot change, and no two operations may touch the same path or a
 * path and its parent (MongoDB rejects those as conflicts; refusing them also makes the order in
 * which the operations apply irrelevant).
 */
export function parseUpdate(spec: UpdateSpec): ParsedUpdate {
  if (typeof spec !== 'object' || spec === null) throw new ReadStoreError('An update spec must be an object');
  const seen: Array<[string, Op]> = [];
  const path = (op: Op, p: string): PathParts => {
    const parts = splitPath(p);
    if (parts[0] === 'id') throw new ReadStoreError(`${op} ${p}: the id of a document cannot change`);
    const key = parts.join('.');
    const clash = seen.find(([q]) => q === key || q.startsWith(`${key}.`) || key.startsWith(`${q}.`));
    if (clash) throw new ReadStoreError(`${op} ${p} conflicts with ${clash[1]} ${clash[0]}`);
    seen.push([key, op]);
    return parts;
  };
  const out: ParsedUpdate = { set: [], unset: [], inc: [], addToSet: [], removeFromSet: [] };
  for (const [p, v] of Object.entries(spec.set ?? {})) {
    if (v === undefined) throw new ReadStoreError(`set ${p}: undefined is not a value (use unset)`);
    out.set.push([path('set', p), toJson(v)]);
  }
  for (const p of spec.unset ?? []) out.unset.push(path('unset', p));
  for (const [p, n] of Object.entries(spec.inc ?? {})) {
    if (typeof n !== 'number' || !Number.isFinite(n)) throw new ReadStoreError(`inc ${p}: ${n} is not a finite number`);
    out.inc.push([path('inc', p), n]);
  }
  for (const [p, v] of Object.entries(spec.addToSet ?? {}))
    out.addToSet.push([path('addToSet', p), scalars('addToSet', p, v)]);
  for (const [p, v] of Object.entries(spec.removeFromSet ?? {})) {
    out.removeFromSet.push([path('removeFromSet', p), scalars('removeFromSet', p, v)]);
  }
  return out;
}

export function isEmptyUpdate(u: ParsedUpdate): boolean {
  return !u.set.length && !u.unset.length && !u.inc.length && !u.addToSet.length && !u.removeFromSet.length;
}

function arrayAt(doc: Doc, parts: PathParts, op: Op): unknown[] | undefined {
  const current = getPath(doc, parts);
  if (current === undefined) return undefined;
  if (!Array.isArray(current)) throw new ReadStoreError(`${op} ${parts.join('.')}: the current value is not an array`);
  return current;
}

/** Applies an update to a copy of doc and returns the copy (MongoDB's operator semantics). */
export function applyUpdate<T extends Doc>(doc: T, spec: UpdateSpec): T {
  return applyParsedUpdate(doc, parseUpdate(spec));
}

/** applyUpdate for adapters that validated the spec before their round trip. */
export function applyParsedUpdate<T extends Doc>(doc: T, update: ParsedUpdate): T {
  const next = toJson(doc);
  for (const [parts, value] of update.set) setPath(next, parts, toJson(value));
  for (const parts of update.unset) unsetPath(next, parts);
  for (const [parts, by] of update.inc) {
    const current = getPath(next, parts);
    if (current !== undefined && typeof current !== 'number') {
      throw new ReadStoreError(`inc ${parts.join('.')}: the current value is not a number`);
    }
    setPath(next, parts, (current ?? 0) + by);
  }
  for (const [parts, values] of update.addToSet) {
    const list = arrayAt(next, parts, 'addToSet') ?? [];
    for (const v of values) if (!list.includes(v)) list.push(v);
    setPath(next, parts, list);
  }
  for (const [parts, values] of update.removeFromSet) {
    const list = arrayAt(next, parts, 'removeFromSet');
    if (list)
      setPath(
        next,
        parts,
        list.filter((x) => !values.includes(x as Scalar)),
      );
  }
  return next;
}
