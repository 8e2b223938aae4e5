import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { PGliteSqlClient } from './pglite.sql-client';

/** New embedded databases start from a dump of a fresh cluster when PGLITE_TEMPLATE names one. */
describe('embedded database template', () => {
  const saved = process.env.PGLITE_TEMPLATE;
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dc-template-'));
  });
  afterEach(() => {
    process.env.PGLITE_TEMPLATE = saved;
    rmSync(dir, { recursive: true, force: true });
  });

  it('is written by the first new database, and later ones start from it as fresh clusters', async () => {
    process.env.PGLITE_TEMPLATE = join(dir, 'fresh.tar');
    const first = await PGliteSqlClient.open();
    expect(existsSync(process.env.PGLITE_TEMPLATE)).toBe(true);
    await first.query('CREATE TABLE written_after (id int)');
    await first.close();

    // On disk and in memory: from the dump, with nothing the first database did after its initdb.
    for (const dataDir of [join(dir, 'db'), undefined]) {
      const next = await PGliteSqlClient.open(dataDir);
      const { rows } = await next.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'",
      );
      expect(rows[0]!.n).toBe(0);
      await next.query('CREATE TABLE kept (id int)');
      await next.query('INSERT INTO kept VALUES (7)');
      await next.close();
    }

    // The on-disk database was copied from the dump unpacked once beside it.
    expect(existsSync(join(`${process.env.PGLITE_TEMPLATE}.d`, 'PG_VERSION'))).toBe(true);

    // A directory that already holds a cluster is opened as it is, not replaced.
    const again = await PGliteSqlClient.open(join(dir, 'db'));
    expect((await again.query<{ id: number }>('SELECT id FROM kept')).rows).toEqual([{ id: 7 }]);
    await again.close();
    // Four embedded databases in a row: on a machine the other worker keeps busy, far past 30 s.
  }, 180_000);

  it('is neither read nor written when PGLITE_TEMPLATE is unset, as in every deployment', async () => {
    delete process.env.PGLITE_TEMPLATE;
    const db = await PGliteSqlClient.open(join(dir, 'db'));
    await db.close();
    expect(existsSync(join(dir, 'db', 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(dir, 'fresh.tar'))).toBe(false);
  }, 120_000);
});
