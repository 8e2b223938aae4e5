import { InvalidCursorError } from './errors';
import type { ResolvedSort, SortPosition } from './sorting';

/** Opaque to clients: base64url of [sort value, id] of the last item of a page. */
export function encodeCursor(position: SortPosition): string {
  return Buffer.from(JSON.stringify([position.value, position.id]), 'utf8').toString('base64url');
}

/** Decodes a cursor and checks it fits the sort it is used with. */
export function decodeCursor(cursor: string, sort: ResolvedSort): SortPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError('Invalid cursor');
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw new InvalidCursorError('Invalid cursor');
  const [value, id] = parsed as unknown[];
  if (typeof id !== 'string' || !id) throw new InvalidCursorError('Invalid cursor');
  const fits = sort.byId
    ? value === id
    : value === null ||
      (sort.type === 'number' ? typeof value === 'number' && Number.isFinite(value) : typeof value === 'string');
  if (!fits) throw new InvalidCursorError('The cursor does not belong to this sort');
  return { value: value as SortPosition['value'], id };
}
