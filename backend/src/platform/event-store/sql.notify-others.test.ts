import { createTestPgClient } from '../sql/testing/test-databases';
import { postgresReachable } from '../testing/services';
import type { RecordedEvent } from './event-store.port';
import { SqlEventStore } from './sql.event-store';
import { storeOfAnotherProcess } from './testing/other-process';

/**
 * Appends wake subscriptions in other processes with a NOTIFY, unless the process says nobody else
 * follows the log (its own runner follows every projector): then the notify is not sent at all.
 */
if (postgresReachable()) {
  describe('SQL event store on PostgreSQL: waking other processes', () => {
    let writerSql: Awaited<ReturnType<typeof createTestPgClient>>;
    let writer: SqlEventStore;
    let other: Awaited<ReturnType<typeof storeOfAnotherProcess>>;
    const reader = () => other.store;
    const sent: string[] = [];

    beforeAll(async () => {
      writerSql = await createTestPgClient('esnotify', 4);
      const query = writerSql.query.bind(writerSql);
      writerSql.query = ((text: string, params?: unknown[]) => (
        sent.push(text), query(text, params)
      )) as typeof writerSql.query;
      writer = await SqlEventStore.create(writerSql);
      // Its poll is an hour, so only a NOTIFY wakes it.
      other = await storeOfAnotherProcess(writerSql, { pollIntervalMs: 3_600_000 }, 2);
    });

    afterAll(async () => {
      await other?.close();
      await writer?.close();
      await writerSql?.dispose();
    });

    it('notifies after an append by default, and the other process sees the event at once', async () => {
      const seen: RecordedEvent[] = [];
      const sub = reader().subscribe({ handler: async (batch) => void seen.push(...batch) });
      // The other process starts listening in the background (slower on a busy machine): wait until
      // a notify has woken it at all, since its hour-long poll never will.
      let last = '';
      for (let i = 0; seen.length === 0; i++) {
        if (i === 100) throw new Error('the other process never woke');
        last = `listening-${i}`;
        await writer.appendToStream(last, [{ type: 'Pinged', data: {} }]);
        await new Promise((r) => setTimeout(r, 50));
      }
      // Awake, it may still owe the last warm-up append (its notify came after the one that woke it).
      for (let i = 0; i < 100 && !seen.some((e) => e.streamId === last); i++)
        await new Promise((r) => setTimeout(r, 20));
      seen.length = 0;
      sent.length = 0;
      await writer.appendToStream('notify-1', [{ type: 'Pinged', data: {} }]);
      for (let i = 0; i < 100 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      await sub.stop();
      expect(seen.map((e) => e.streamId)).toEqual(['notify-1']);
      expect(sent.filter((q) => q.includes('pg_notify'))).toHaveLength(1);
    });

    it('sends no notify while the process says nobody else follows the log', async () => {
      let others = false;
      writer.notifyOthersWhile(() => others);
      sent.length = 0;
      await writer.appendToStream('notify-2', [{ type: 'Pinged', data: {} }]);
      await writer.appendToStream('notify-3', [{ type: 'Pinged', data: {} }]);
      await new Promise((r) => setTimeout(r, 50));
      expect(sent.filter((q) => q.includes('pg_notify'))).toEqual([]);
      others = true;
      await writer.appendToStream('notify-4', [{ type: 'Pinged', data: {} }]);
      await new Promise((r) => setTimeout(r, 50));
      expect(sent.filter((q) => q.includes('pg_notify'))).toHaveLength(1);
    });
  });
}
