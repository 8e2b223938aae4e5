import type { Clause } from '../core/filter';
import type { PathParts } from '../core/paths';
import type { Scalar } from '../read-store.port';

/** Collects positional parameters while a statement is built. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/*
 * Paths are embedded as literals, not parameters: PostgreSQL only uses an expression index when the
 * query repeats the indexed expression verbatim. splitPath() allows only [A-Za-z0-9_-] segments, so
 * the literal cannot break out of its quotes.
 */
const pathLiteral = (parts: PathParts): string => `'{${parts.map((p) => `"${p}"`).join(',')}}'`;

export function jsonAt(column: string, parts: PathParts): string {
  return `${column} #> ${pathLiteral(parts)}`;
}

/**
 * The value a row sorts by, the same expression in the index DDL and in queries. Values of another
 * type than declared become NULL (see sortValueOf); strings compare by code point ("C").
 */
export function sortExpression(sort: { parts: PathParts; type: 'string' | 'number' }): string {
  const at = jsonAt('doc', sort.parts);
  const text = `doc #>> ${pathLiteral(sort.parts)}`;
  if (sort.type === 'number') return `(CASE WHEN jsonb_typeof(${at}) = 'number' THEN (${text})::numeric END)`;
  return `((CASE WHEN jsonb_typeof(${at}) = 'string' THEN ${text} END) COLLATE "C")`;
}

/**
 * PostgreSQL's text and jsonb cannot hold U+0000, so no stored value equals a string that has one;
 * sent as a parameter it would be an error ("unsupported Unicode escape sequence"), so such a value
 * (a NUL in a URL's username, say) is left out and matches nothing, as on the other engines.
 */
export const storable = (value: Scalar): boolean => typeof value !== 'string' || !value.includes('\u0000');

function equalsAny(at: string, values: readonly Scalar[], params: SqlParams): string {
  const present = values.filter((v) => v !== null && storable(v));
  const conditions: string[] = [];
  if (present.length === 1) conditions.push(`${at} = ${params.add(JSON.stringify(present[0]))}::jsonb`);
  if (present.length > 1) conditions.push(`${at} = ANY(${params.add(present.map((v) => JSON.stringify(v)))}::jsonb[])`);
  // null also matches a missing field (MongoDB's meaning, mirrored by matchesFilter).
  if (values.includes(null)) conditions.push(`${at} IS NULL`, `${at} = 'null'::jsonb`);
  const [only, ...more] = conditions;
  if (only === undefined) return 'FALSE';
  return more.length === 0 ? only : `(${conditions.join(' OR ')})`;
}

/** The id lives in its own primary-key column; filters on it use that instead of the jsonb copy. */
function idEquals(values: readonly Scalar[], params: SqlParams): string {
  const ids = values.filter((v): v is string => typeof v === 'string' && storable(v));
  if (!ids.length) return 'FALSE';
  return ids.length === 1 ? `id = ${params.add(ids[0])}` : `id = ANY(${params.add(ids)}::text[])`;
}

/** Compiles parsed clauses against a jsonb column ('doc' for collections, 'fields' for search). */
export function compileFilter(clauses: readonly Clause[], column: 'doc' | 'fields', params: SqlParams): string {
  if (!clauses.length) return 'TRUE';
  return clauses
    .map((c) => {
      const byId = column === 'doc' && c.path === 'id';
      switch (c.op) {
        case 'eq':
          return byId ? idEquals([c.value], params) : equalsAny(jsonAt(column, c.parts), [c.value], params);
        case 'in':
          return byId ? idEquals(c.values, params) : equalsAny(jsonAt(column, c.parts), c.values, params);
        case 'contains':
          // Same expression as the GIN index of CollectionSpec.arrayFields; a scalar never contains an array.
          if (!storable(c.value)) return 'FALSE';
          return `(${jsonAt(column, c.parts)}) @> ${params.add(JSON.stringify([c.value]))}::jsonb`;
      }
    })
    .join(' AND ');
}
