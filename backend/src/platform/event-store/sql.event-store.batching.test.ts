import { randomBytes } from 'node:crypto';

import { newId } from '../ids';
import { ident, PGliteSqlClient, type SqlClient } from '../sql';
import { createTestPgClient } from '../sql/testing/test-databases';
import { postgresReachable } from '../testing/services';
import { WrongExpectedVersionError } from './errors';
import { SqlEventStore } from './sql.event-store';

/**
 * Single-stream appends of concurrent commands share es_append_each statements once two are in
 * flight (AppendBatcher). Sharing must not change any answer: each append gets its own version,
 * conflict or error, and an append alone on an idle store still goes by itself.
 */
function describeBatching(engine: string, open: () => Promise<{ sql: SqlClient; dispose(): Promise<void> }>) {
  describe(`SQL event store on ${engine}: concurrent appends share statements`, () => {
    let sql: SqlClient;
    let dispose: () => Promise<void>;
    let store: SqlEventStore;
    const sent: string[] = [];
    const schema = `esbatch_${randomBytes(4).toString('hex')}`;
    const shared = () => sent.filter((q) => q.includes('es_append_each'));

    beforeAll(async () => {
      ({ sql, dispose } = await open());
      const query = sql.query.bind(sql);
      sql.query = ((text: string, params?: unknown[]) => (sent.push(text), query(text, params))) as typeof sql.query;
      store = await SqlEventStore.create(sql, { schema, crossProcess: false });
    });
    afterAll(async () => {
      await store?.close();
      await sql?.query(`DROP SCHEMA IF EXISTS ${ident(schema)} CASCADE`);
      await dispose?.();
    });
    beforeEach(() => {
      sent.length = 0;
    });

    it('an append on an idle store goes alone', async () => {
      await store.appendToStream(`idle-${newId()}`, [{ type: 'Pinged', data: {} }]);
      expect(shared()).toEqual([]);
      expect(sent.filter((q) => q.includes('es_append_one'))).toHaveLength(1);
    });

    it('under load, appends share statements and each keeps its own version and conflict', async () => {
      const streams = Array.from({ length: 30 }, () => `busy-${newId()}`);
      const answers = await Promise.allSettled(
        streams.map((s, i) => store.appendToStream(s, [{ type: 'Pinged', data: { i } }], i === 17 ? 3 : 'no_stream')),
      );
      expect(shared().length).toBeGreaterThan(0);
      expect(sent.filter((q) => q.includes('es_append')).length).toBeLessThan(30);
      answers.forEach((answer, i) => {
        if (i === 17) {
          expect(answer.status).toBe('rejected');
          expect((answer as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersionError);
          expect((answer as PromiseRejectedResult).reason).toMatchObject({
            streamId: streams[i],
            expected: 3,
            actual: -1,
          });
        } else {
          expect(answer).toMatchObject({
            status: 'fulfilled',
            value: { streamId: streams[i], nextExpectedVersion: 0 },
          });
        }
      });
      for (const [i, s] of streams.entries()) expect(await store.readStream(s)).toHaveLength(i === 17 ? 0 : 1);
    });

    it('a statement the database refuses as a whole is retried append by append: only the bad one fails', async () => {
      const taken = newId();
      await store.appendToStream(`first-${newId()}`, [{ id: taken, type: 'Pinged', data: {} }]);
      sent.length = 0;
      const streams = Array.from({ length: 30 }, () => `retry-${newId()}`);
      // The duplicate sits late in the queue, so it goes in a shared statement, not among the first two.
      const answers = await Promise.allSettled(
        streams.map((s, i) => store.appendToStream(s, [{ id: i === 20 ? taken : newId(), type: 'Pinged', data: {} }])),
      );
      expect(shared().length).toBeGreaterThan(0);
      answers.forEach((answer, i) => expect(answer.status).toBe(i === 20 ? 'rejected' : 'fulfilled'));
      expect(String((answers[20] as PromiseRejectedResult).reason)).toMatch(/duplicate key|unique/i);
      for (const [i, s] of streams.entries()) expect(await store.readStream(s)).toHaveLength(i === 20 ? 0 : 1);
    });
  });
}

describeBatching('PGlite', async () => {
  const sql = await PGliteSqlClient.open();
  return { sql, dispose: () => sql.close() };
});

if (postgresReachable()) {
  describeBatching('PostgreSQL', async () => {
    const sql = await createTestPgClient('esbatch');
    return { sql, dispose: () => sql.dispose() };
  });
}
