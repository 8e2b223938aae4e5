import type { AppendResult, EventStore } from '../event-store/event-store.port';
import type { AppMetrics } from './app-metrics';
import { preciseNow, publishWritePhase } from './write-phases';

/**
 * The event store with its appends timed (dc_eventstore_append_duration_seconds): the one place
 * every command's write goes through. A proxy, so the adapter's own type (SqlEventStore's
 * notifyOthersWhile) and every other method stay as they are.
 */
export function timeAppends(eventStore: EventStore, metrics: AppMetrics): EventStore {
  const timed =
    <A extends unknown[], R extends AppendResult | AppendResult[]>(
      operation: string,
      append: (...args: A) => Promise<R>,
    ) =>
    async (...args: A): Promise<R> => {
      const end = metrics.appendDuration.startTimer({ operation });
      const startedAt = preciseNow();
      try {
        const result = await append(...args);
        publishWritePhase(() => ({
          kind: 'append',
          checkpoint: [result]
            .flat()
            .map((r) => r.checkpoint)
            .reduce((a, b) => (a > b ? a : b), ''),
          startedAt,
          endedAt: preciseNow(),
        }));
        return result;
      } finally {
        end();
      }
    };
  // Looked up at each call, so the wrapper stays transparent to a store whose methods are replaced later.
  const appendToStream = timed('appendToStream', (...args: Parameters<EventStore['appendToStream']>) =>
    eventStore.appendToStream(...args),
  );
  const appendToStreams = timed('appendToStreams', (...args: Parameters<EventStore['appendToStreams']>) =>
    eventStore.appendToStreams(...args),
  );
  return new Proxy(eventStore, {
    get(target, property) {
      if (property === 'appendToStream') return appendToStream;
      if (property === 'appendToStreams') return appendToStreams;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
