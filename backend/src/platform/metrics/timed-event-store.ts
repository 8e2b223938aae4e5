import type { EventStore } from '../event-store/event-store.port';
import type { AppMetrics } from './app-metrics';

/**
 * The event store with its appends timed (dc_eventstore_append_duration_seconds): the one place
 * every command's write goes through. A proxy, so the adapter's own type (SqlEventStore's
 * notifyOthersWhile) and every other method stay as they are.
 */
export function timeAppends(eventStore: EventStore, metrics: AppMetrics): EventStore {
  const timed =
    <A extends unknown[], R>(operation: string, append: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const end = metrics.appendDuration.startTimer({ operation });
      try {
        return await append(...args);
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
