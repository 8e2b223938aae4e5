import { PGliteSqlClient } from '../../sql/pglite.sql-client';
import type { SqlClient } from '../../sql/sql-client';
import { createTestPgClient } from '../../sql/testing/test-databases';
import { postgresReachable } from '../../testing/services';
import { tsqueryLiteral, tsvectorLiteral } from '../sql/sql-text-search';
import { keptPositions, rankedText } from './indexed-text';
import type { SearchQuery } from './tokenise';
import { asFloat4Reading, queryItems, tsRank } from './ts-rank';

/** A small PRNG, so a failure names a case that can be run again. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

// Words sharing prefixes (a prefix matches several), Arabic, and a quote.
const WORDS = ['pray', 'prayer', 'prai', 'mercy', 'merci', 'dawn', 'fajr', 'صلا', 'صلاه', 'رحم', "it's", 'a'];

function cases(count: number, seed: number) {
  const next = random(seed);
  const pick = () => WORDS[Math.floor(next() * WORDS.length)]!;
  return Array.from({ length: count }, () => {
    const tokens = Array.from({ length: 1 + Math.floor(next() * (next() < 0.1 ? 400 : 30)) }, pick);
    const words = Array.from({ length: 1 + Math.floor(next() * 4) }, pick);
    const query: SearchQuery = {
      terms: [...new Set(words.slice(0, -1))],
      prefix: words.at(-1)!.slice(0, 1 + Math.floor(next() * 3)),
    };
    return { tokens, query };
  });
}

describe('ts_rank as PostgreSQL computes it', () => {
  let sql: SqlClient & { dispose?(): Promise<void> };
  beforeAll(async () => {
    sql = postgresReachable() ? await createTestPgClient('tsrank', 2) : await PGliteSqlClient.open();
  });
  afterAll(async () => (sql.dispose ? sql.dispose() : sql.close()));

  it('gives the score PostgreSQL gives every matching document, to the last bit of its float', async () => {
    const all = cases(3000, 7);
    const { rows } = await sql.query<{ i: number; matches: boolean; score: number }>(
      `SELECT i::int AS i, d::tsvector @@ q::tsquery AS matches, ts_rank(d::tsvector, q::tsquery, 1) AS score
       FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS x(d, q, i)`,
      [all.map((c) => tsvectorLiteral(c.tokens)), all.map((c) => tsqueryLiteral(c.query))],
    );
    const matched = rows.filter((r) => r.matches);
    // Enough of both kinds to mean something: one-word queries (OR rank) and several words (AND rank).
    expect(matched.filter((r) => all[r.i - 1]!.query.terms.length === 0).length).toBeGreaterThan(100);
    expect(matched.filter((r) => all[r.i - 1]!.query.terms.length > 0).length).toBeGreaterThan(100);
    const wrong = matched.flatMap((r) => {
      const c = all[r.i - 1]!;
      const ours = asFloat4Reading(tsRank(rankedText(keptPositions(c.tokens)), queryItems(c.query)));
      return ours === r.score ? [] : [{ case: r.i, query: tsqueryLiteral(c.query), postgres: r.score, ours }];
    });
    expect(wrong.slice(0, 5)).toEqual([]);
  });
});

describe('the score as the driver reads it', () => {
  it('is the shortest decimal that is the same float', () => {
    expect(asFloat4Reading(Math.fround(0.1))).toBe(0.1);
    expect(asFloat4Reading(Math.fround(0.0607927))).toBe(0.0607927);
    expect(asFloat4Reading(0)).toBe(0);
  });
});
