import type { SqlExecutor } from '../../sql/sql-client';
import { assertId } from '../core/docs';
import { parseFilter } from '../core/filter';
import { pageLimit } from '../core/paging';
import type {
  IndexedDocument,
  Scalar,
  SearchDocument,
  SearchHit,
  SearchIndex,
  SearchQueryOptions,
} from '../read-store.port';
import { parseSearchDocument } from '../text/search-document';
import { parseSearchQuery } from '../text/tokenise';
import { compileFilter, SqlParams } from './sql-expressions';
import { parseTsvectorText, tsqueryLiteral, tsvectorLiteral } from './sql-text-search';

// Normalisation 1 divides by 1 + log(length): a term repeated in a short text beats one mention
// in a long one, as BM25 does in the memory adapter.
const RANK_NORMALISATION = 1;

/** A search index as a table (id, tsv tsvector with a GIN index, fields jsonb). */
export class SqlSearchIndex implements SearchIndex {
  constructor(
    private readonly table: string,
    private readonly sql: SqlExecutor,
  ) {}

  async upsert(id: string, doc: SearchDocument): Promise<void> {
    assertId(id);
    const { tokens, fields } = parseSearchDocument(doc);
    await this.sql.query(
      `INSERT INTO ${this.table} (id, tsv, fields) VALUES ($1, $2::tsvector, $3::jsonb)
       ON CONFLICT (id) DO UPDATE SET tsv = EXCLUDED.tsv, fields = EXCLUDED.fields`,
      [id, tsvectorLiteral(tokens), JSON.stringify(fields)],
    );
  }

  async remove(id: string): Promise<void> {
    assertId(id);
    await this.sql.query(`DELETE FROM ${this.table} WHERE id = $1`, [id]);
  }

  async query(text: string, options: SearchQueryOptions = {}): Promise<SearchHit[]> {
    const params = new SqlParams();
    const statement = searchStatement(this.table, text, options, params);
    if (!statement) return [];
    const { rows } = await this.sql.query<SearchHit>(statement, params.values);
    return rows;
  }

  async entries(after: string | null, limit: number): Promise<IndexedDocument[]> {
    // Two statements, not one with "$1 IS NULL OR": a prepared plan for that reads the whole table.
    const { rows } = await this.sql.query<{ id: string; tsv: string; fields: Record<string, Scalar> }>(
      after === null
        ? `SELECT id, tsv::text AS tsv, fields FROM ${this.table} ORDER BY id LIMIT $1`
        : `SELECT id, tsv::text AS tsv, fields FROM ${this.table} WHERE id > $2 ORDER BY id LIMIT $1`,
      after === null ? [limit] : [limit, after],
    );
    return rows.map(({ id, tsv, fields }) => ({ id, terms: parseTsvectorText(tsv), fields }));
  }
}

/**
 * The best hits of one text in one index table, or null when the text holds no searchable word.
 * Its parameters are added to `params`, so several can make up one statement (searchMany).
 */
export function searchStatement(
  table: string,
  text: string,
  options: SearchQueryOptions,
  params: SqlParams,
  extraColumns = '',
): string | null {
  const limit = pageLimit(options.limit);
  const clauses = parseFilter(options.where);
  const query = parseSearchQuery(text);
  if (!query) return null;
  const tsquery = `${params.add(tsqueryLiteral(query))}::tsquery`;
  const where = compileFilter(clauses, 'fields', params);
  // With `newest`, a common word is read backwards along the primary key and stops after that
  // many matches; a rare one still comes from the GIN index. The planner picks by the word's
  // frequency.
  const matches =
    options.newest !== undefined
      ? `(SELECT id, tsv, fields FROM ${table} WHERE tsv @@ ${tsquery} AND ${where}
        ORDER BY id DESC LIMIT ${params.add(pageLimit(options.newest))}) m`
      : `${table} WHERE tsv @@ ${tsquery} AND ${where}`;
  return `SELECT ${extraColumns}id, fields, ts_rank(tsv, ${tsquery}, ${RANK_NORMALISATION}) AS score FROM ${matches}
     ORDER BY score DESC, id LIMIT ${params.add(limit)}`;
}

/**
 * Several searches, each in its own index table, as one statement (one round trip instead of one
 * per search): the searches stay apart, so each table's plan and word statistics are its own.
 */
export async function searchMany(
  sql: SqlExecutor,
  searches: readonly { table: string; text: string; options?: SearchQueryOptions | undefined }[],
): Promise<SearchHit[][]> {
  const params = new SqlParams();
  const parts = searches.flatMap(({ table, text, options }, i) => {
    const statement = searchStatement(table, text, options ?? {}, params, `${i} AS search, `);
    return statement ? [`(${statement})`] : [];
  });
  const out = searches.map((): SearchHit[] => []);
  if (parts.length === 0) return out;
  const { rows } = await sql.query<SearchHit & { search: number }>(
    `SELECT * FROM (${parts.join(' UNION ALL ')}) AS found ORDER BY search, score DESC, id`,
    params.values,
  );
  for (const { search, ...hit } of rows) out[search]!.push(hit);
  return out;
}
