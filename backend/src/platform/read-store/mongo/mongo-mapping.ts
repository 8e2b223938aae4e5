import type { Document } from 'mongodb';

import { toJson } from '../core/docs';
import type { Clause } from '../core/filter';
import type { ResolvedSort, SortPosition } from '../core/sorting';
import type { ParsedUpdate } from '../core/update';
import type { Doc } from '../read-store.port';

/** Stored shape: the port's id becomes MongoDB's _id (always indexed, unique), nothing else changes. */
export type MongoDoc = { _id: string } & Document;

export function toMongoDoc(doc: Doc): MongoDoc {
  const { id, ...rest } = toJson(doc);
  return { ...rest, _id: id };
}

export function fromMongoDoc<T extends Doc>(raw: MongoDoc): T {
  const { _id, ...rest } = raw;
  return { ...rest, id: _id } as T;
}

export const mongoPath = (path: string): string => (path === 'id' ? '_id' : path);

// MongoDB's equality also matches arrays holding the value; the port's eq does not ($contains does).
const NOT_AN_ARRAY = { $not: { $type: 'array' } };

/** The port's filter meaning in MongoDB terms; prefix scopes it to a sub-document ("fields."). */
export function toMongoFilter(clauses: readonly Clause[], prefix = ''): Document {
  const filter: Document = {};
  for (const c of clauses) {
    const path = prefix ? `${prefix}${c.path}` : mongoPath(c.path);
    const guard = path === '_id' ? {} : NOT_AN_ARRAY;
    if (c.op === 'eq') filter[path] = { $eq: c.value, ...guard };
    else if (c.op === 'in') filter[path] = { $in: c.values, ...guard };
    else filter[path] = { $elemMatch: { $eq: c.value } };
  }
  return filter;
}

/** Native operators; parseUpdate already refused what MongoDB would refuse (conflicts, the id). */
export function toMongoUpdate(u: ParsedUpdate): Document {
  const entries = <V, R>(list: Array<[readonly string[], V]>, map: (v: V) => R) =>
    Object.fromEntries(list.map(([parts, v]) => [parts.join('.'), map(v)]));
  const update: Document = {};
  if (u.set.length) update.$set = entries(u.set, (v) => v);
  if (u.unset.length) update.$unset = Object.fromEntries(u.unset.map((parts) => [parts.join('.'), '']));
  if (u.inc.length) update.$inc = entries(u.inc, (n) => n);
  if (u.addToSet.length) update.$addToSet = entries(u.addToSet, (values) => ({ $each: values }));
  if (u.removeFromSet.length) update.$pull = entries(u.removeFromSet, (values) => ({ $in: values }));
  return update;
}

export function toMongoSort(sort: ResolvedSort): Document {
  const dir = sort.direction === 'asc' ? 1 : -1;
  return sort.byId ? { _id: dir } : { [sort.field]: dir, _id: dir };
}

/** Documents after the cursor in the sort's order; null sorts first ascending, as in MongoDB itself. */
export function keysetFilter(sort: ResolvedSort, after: SortPosition): Document {
  const asc = sort.direction === 'asc';
  const idAfter = { _id: { [asc ? '$gt' : '$lt']: after.id } };
  if (sort.byId) return idAfter;
  const s = sort.field;
  if (after.value === null)
    return asc ? { $or: [{ [s]: null, ...idAfter }, { [s]: { $ne: null } }] } : { [s]: null, ...idAfter };
  const beyond = { [s]: { [asc ? '$gt' : '$lt']: after.value } };
  const tie = { [s]: after.value, ...idAfter };
  return asc ? { $or: [beyond, tie] } : { $or: [beyond, tie, { [s]: null }] };
}
