import type { CollectionSpec } from '../read-store.port';
import { ReadStoreError } from './errors';
import { assertName } from './names';
import { type PathParts, splitPath } from './paths';

export interface ParsedIndex {
  fields: Array<{ path: string; parts: PathParts }>;
  sort?: { field: string; parts: PathParts; type: 'string' | 'number' } | undefined;
}

export interface ParsedCollectionSpec {
  name: string;
  indexes: ParsedIndex[];
  arrayFields: Array<{ path: string; parts: PathParts }>;
}

const field = (path: string) => ({ path, parts: splitPath(path) });
const sortField = (path: string) => ({ field: path, parts: splitPath(path) });

/** Validates a collection spec the same way for every adapter (even those that ignore indexes). */
export function parseCollectionSpec(spec: CollectionSpec): ParsedCollectionSpec {
  const name = assertName('collection', spec?.name);
  const indexes = (spec.indexes ?? []).map((index): ParsedIndex => {
    if (!Array.isArray(index.fields)) throw new ReadStoreError(`Index on ${name}: fields must be a list`);
    const type = index.sort?.type ?? 'string';
    if (type !== 'string' && type !== 'number') throw new ReadStoreError(`Index on ${name}: invalid sort type ${type}`);
    return {
      fields: index.fields.map(field),
      sort: index.sort ? { ...sortField(index.sort.field), type } : undefined,
    };
  });
  return { name, indexes, arrayFields: (spec.arrayFields ?? []).map(field) };
}
