/**
 * npm run bench:feed:profile — what one uncached `GET /api/feed?filter=following&limit=20` sends to
 * PostgreSQL (READ_MODEL_CACHE=off, issue 20's data shape), each SELECT with its plan from
 * EXPLAIN ANALYZE, for a first page and the next one. The app has served one request before (pools,
 * generation lookups). Statements on the event log (the idle projection runner polling) are left out.
 */
import { PgSqlClient } from '../../src/platform/sql/pg.sql-client';
import { benchEnv, DATABASE_URL, dropSchema, newBenchSchema, startFeedRuntime } from './bench-runtime';
import { seedFeedData } from './feed-data';
import { recordSqlStatements } from './sql-statements';

const URL = '/api/feed?filter=following&limit=20';

async function main() {
  const schema = newBenchSchema('feedprofile');
  const { runtime } = await startFeedRuntime(benchEnv(schema, 3397, { READ_MODEL_CACHE: 'off' }));
  const sql = new PgSqlClient({ connectionString: DATABASE_URL, schema });
  try {
    const data = await seedFeedData(runtime, console.log);
    await sql.query('ANALYZE');
    const http = runtime.http!.getHttpAdapter().getInstance();
    const get = async (url: string) => {
      const res = await http.inject({ method: 'GET', url, headers: { cookie: data.cookies[0]! } });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
      return JSON.parse(res.body) as { id: string }[];
    };
    const first = await get(URL);
    const cursor = first.at(-1)!.id;
    for (const [label, url] of [
      ['first page', URL],
      ['next page', `${URL}&cursor=${cursor}`],
    ] as const) {
      const { result, statements: sent } = await recordSqlStatements(() => get(url));
      // The projection runner polls the event log meanwhile; those are not the request's.
      const statements = sent.filter((s) => /"rm_/.test(s.text));
      console.log(
        `\n=== ${label}: GET ${url.replace(cursor, '<cursor>')} -> ${result.length} posts, ${statements.length} SQL statements (and ${sent.length - statements.length} of the projection runner meanwhile)`,
      );
      for (const [i, s] of statements.entries()) {
        console.log(`\n#${i + 1} ${s.text.replace(/\s+/g, ' ').slice(0, 600)}`);
        console.log(`   params ${JSON.stringify(s.params).slice(0, 300)}`);
        if (!/^[\s(]*(SELECT|WITH)/i.test(s.text)) continue;
        const plan = await sql.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS OFF) ${s.text}`, s.params);
        for (const row of plan.rows) console.log(`   | ${row['QUERY PLAN']}`);
      }
    }
  } finally {
    await sql.close();
    await runtime.shutdown();
    await dropSchema(schema);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
