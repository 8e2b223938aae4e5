import type { RecordedEvent } from '../../../src/platform/event-store/event-store.port';
import type { Projector } from '../projector';

export interface TallyDoc {
  id: string;
  [key: string]: unknown;
  count: number;
  lastVersion: number;
  /** Versions seen out of order or twice: must stay empty. */
  anomalies?: number[];
}

/**
 * Test projector: one document per stream counting its 'Counted' events and checking each arrives
 * exactly once and in stream order, so any loss, double or reordering shows in the read model.
 */
export function tallyProjector(
  options: { version?: number; onEvent?: (e: RecordedEvent) => Promise<void> | void } = {},
): Projector {
  return {
    name: 'tally',
    version: options.version ?? 1,
    handles: ['Counted'],
    collections: [{ name: 'tallies', indexes: [{ fields: [], sort: { field: 'count', type: 'number' } }] }],
    prefetch: (events) => ({ tallies: events.map((e) => e.streamId) }),
    async handle(event, ctx) {
      await options.onEvent?.(event);
      const tallies = ctx.collection<TallyDoc>('tallies');
      const doc = await tallies.get(event.streamId);
      const expected = doc ? doc.lastVersion + 1 : 0;
      const update = { inc: { count: 1 }, set: { lastVersion: event.streamVersion } };
      if (event.streamVersion !== expected) {
        await tallies.update(
          event.streamId,
          { ...update, addToSet: { anomalies: event.streamVersion } },
          { upsert: true },
        );
      } else {
        await tallies.update(event.streamId, update, { upsert: true });
      }
    },
  };
}

export const counted = (n = 1) => Array.from({ length: n }, (_, i) => ({ type: 'Counted', data: { i } }));
