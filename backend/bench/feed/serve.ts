/**
 * One process of a feed bench deployment (started by feed.bench.ts with the environment of its
 * role). It tells its parent when it serves, answers `{ type: 'sql' }` with the SQL statements it
 * has sent so far and the CPU time it has used, `{ type: 'phases' }` with the write-phase records
 * gathered since the last ask (bench:writes), and shuts down on `{ type: 'stop' }`.
 */
import { onWritePhase, type WritePhaseRecord } from '../../src/platform/metrics/write-phases';
import { startFeedRuntime } from './bench-runtime';
import { sqlReadsOfReadModels, sqlStatementsSent } from './sql-statements';

export type ServeMessage =
  | { type: 'ready' }
  | { type: 'sql'; statements: number; reads: number; cpuMicros: number }
  | { type: 'phases'; records: WritePhaseRecord[] }
  | { type: 'failed'; error: string };

async function main() {
  const send = (m: ServeMessage) => process.send?.(m);
  let records: WritePhaseRecord[] = [];
  if (process.env.BENCH_WRITE_PHASES === 'on') onWritePhase((r) => records.push(r));
  const { runtime, config } = await startFeedRuntime(process.env as Record<string, string>);
  if (runtime.http) await runtime.http.listen(config.http.port, config.http.host);
  process.on('message', (m: { type: string }) => {
    if (m.type === 'sql') {
      const cpu = process.cpuUsage();
      send({
        type: 'sql',
        statements: sqlStatementsSent(),
        reads: sqlReadsOfReadModels(),
        cpuMicros: cpu.user + cpu.system,
      });
    }
    if (m.type === 'phases') {
      send({ type: 'phases', records });
      records = [];
    }
    if (m.type === 'stop')
      void runtime.shutdown().finally(() => {
        process.disconnect?.();
        process.exit(0);
      });
  });
  send({ type: 'ready' });
}

main().catch((err: unknown) => {
  process.send?.({ type: 'failed', error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  process.exit(1);
});
