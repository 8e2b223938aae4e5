import { ReadStoreError } from './errors';

/*
 * Dotted paths address nested objects ("stats.likes"); an all-digit segment addresses an array
 * element, as in MongoDB. Segments are restricted to [A-Za-z0-9_-] because the SQL adapter embeds
 * paths as literals in index expressions (they must match the query text exactly), and because
 * MongoDB gives "$" and "." meaning inside field names.
 */
const SEGMENT = /^[A-Za-z0-9_-]{1,100}$/;
const INDEX = /^\d+$/;

export type PathParts = readonly string[];

export function splitPath(path: string): PathParts {
  const parts = typeof path === 'string' ? path.split('.') : [];
  if (!parts.length || parts.length > 32 || !parts.every((p) => SEGMENT.test(p) && p !== '__proto__')) {
    throw new ReadStoreError(`Invalid field path ${JSON.stringify(path)}`);
  }
  return parts;
}

type Container = Record<string, unknown> | unknown[];

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function child(container: unknown, key: string): unknown {
  if (Array.isArray(container)) return INDEX.test(key) ? container[Number(key)] : undefined;
  if (isPlainObject(container))
    return Object.prototype.hasOwnProperty.call(container, key) ? container[key] : undefined;
  return undefined;
}

/** The value at path, or undefined when any step is missing or not traversable. */
export function getPath(doc: unknown, parts: PathParts): unknown {
  let cur = doc;
  for (const p of parts) {
    cur = child(cur, p);
    if (cur === undefined) return undefined;
  }
  return cur;
}

function assign(container: Container, key: string, value: unknown, path: PathParts): void {
  if (Array.isArray(container)) {
    if (!INDEX.test(key)) throw notTraversable(path, key);
    const i = Number(key);
    // MongoDB pads with nulls when setting past the end; holes would serialise to null anyway.
    while (container.length < i) container.push(null);
    container[i] = value;
  } else {
    container[key] = value;
  }
}

function notTraversable(path: PathParts, at: string): ReadStoreError {
  return new ReadStoreError(`Cannot write ${path.join('.')}: the value above "${at}" is not an object`);
}

/** Sets the value at path in place, creating missing objects on the way (MongoDB's $set). */
export function setPath(doc: Record<string, unknown>, parts: PathParts, value: unknown): void {
  const last = parts.at(-1);
  if (last === undefined) throw new ReadStoreError('Cannot write an empty field path');
  let cur: Container = doc;
  for (const [i, key] of parts.slice(0, -1).entries()) {
    let next = child(cur, key);
    if (next === undefined) {
      next = {};
      assign(cur, key, next, parts);
    }
    if (!isPlainObject(next) && !Array.isArray(next)) throw notTraversable(parts, parts[i + 1] ?? last);
    cur = next;
  }
  if (Array.isArray(cur) && !INDEX.test(last)) throw notTraversable(parts, last);
  assign(cur, last, value, parts);
}

/** Removes the value at path in place; an array element becomes null (MongoDB's $unset). */
export function unsetPath(doc: Record<string, unknown>, parts: PathParts): void {
  const parent = parts.length === 1 ? doc : getPath(doc, parts.slice(0, -1));
  const last = parts.at(-1);
  if (last === undefined) throw new ReadStoreError('Cannot unset an empty field path');
  if (isPlainObject(parent)) delete parent[last];
  else if (Array.isArray(parent) && INDEX.test(last) && Number(last) < parent.length) parent[Number(last)] = null;
}
