import { PGliteSqlClient } from '../sql/pglite.sql-client';
import type { SqlClient } from '../sql/sql-client';
import type { RecordedEvent } from './event-store.port';
import { SqlEventStore } from './sql.event-store';

/**
 * Two stores on one database that do not wake each other (as two processes whose NOTIFY was lost):
 * the follower finds the other's commits by its head watch alone, and while nothing is committed
 * its subscriptions read nothing at all, however many there are.
 */
describe('SQL event store: the head watch', () => {
  let sql: PGliteSqlClient;
  let writer: SqlEventStore;
  let follower: SqlEventStore;
  const sent: string[] = [];

  beforeAll(async () => {
    sql = await PGliteSqlClient.open();
    const counted: SqlClient = Object.create(sql);
    counted.query = (text, params) => (sent.push(text), sql.query(text, params));
    writer = await SqlEventStore.create(sql, { crossProcess: false });
    follower = await SqlEventStore.create(counted, { crossProcess: false, pollIntervalMs: 100 });
  });

  afterAll(async () => {
    await follower?.close();
    await writer?.close();
    await sql?.close();
  });

  it('delivers a commit nothing announced within a look, and an idle store only looks', async () => {
    const seen: RecordedEvent[][] = [[], [], [], [], []];
    const subs = seen.map((into) => follower.subscribe({ handler: async (batch) => void into.push(...batch) }));
    await writer.appendToStream('unannounced-1', [{ type: 'Pinged', data: {} }]);
    for (let i = 0; i < 200 && seen.some((s) => s.length === 0); i++) await new Promise((r) => setTimeout(r, 10));
    expect(seen.map((s) => s.map((e) => e.streamId))).toEqual(Array(5).fill(['unannounced-1']));

    await new Promise((r) => setTimeout(r, 150));
    sent.length = 0;
    await new Promise((r) => setTimeout(r, 1000));
    const looks = sent.filter((q) => q.includes('ORDER BY transaction_id DESC')).length;
    // About ten looks in a second at 100 ms, and not one read of the log by the five subscribers.
    expect(looks).toBeGreaterThanOrEqual(3);
    expect(looks).toBeLessThanOrEqual(11);
    expect(sent.length).toBe(looks);
    await Promise.all(subs.map((s) => s.stop()));
  });
});
