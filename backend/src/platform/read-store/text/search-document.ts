import { isScalar } from '../core/docs';
import { ReadStoreError } from '../core/errors';
import { splitPath } from '../core/paths';
import type { Scalar, SearchDocument } from '../read-store.port';
import { tokenise } from './tokenise';

export interface ParsedSearchDocument {
  tokens: string[];
  fields: Record<string, Scalar>;
}

/** Validates a search document and tokenises its text; fields are flat scalars usable as filters. */
export function parseSearchDocument(doc: SearchDocument): ParsedSearchDocument {
  if (typeof doc?.text !== 'string') throw new ReadStoreError('A search document needs a text');
  const fields = doc.fields ?? {};
  for (const [k, v] of Object.entries(fields)) {
    if (splitPath(k).length !== 1) throw new ReadStoreError(`Search field names cannot contain dots: ${k}`);
    if (!isScalar(v)) throw new ReadStoreError(`Search field ${k} must be a scalar`);
  }
  return { tokens: tokenise(doc.text), fields: { ...fields } };
}
