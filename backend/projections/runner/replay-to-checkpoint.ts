import type { EventStore, RecordedEvent } from '../../src/platform/event-store/event-store.port';
import type { ReadStore } from '../../src/platform/read-store/read-store.port';
import { readCheckpoint, readState } from './projection-state';

/**
 * Feeds `onEvent` every event of the log up to the checkpoint the projector's live generation has
 * reached, so a recount compares like with like (a running app's lag is no drift). Answers that
 * checkpoint, or null when the projector has never run on this store.
 */
export async function replayToCheckpoint(
  eventStore: EventStore,
  readStore: ReadStore,
  projector: string,
  onEvent: (event: RecordedEvent) => void,
): Promise<string | null> {
  const state = await readState(readStore, projector);
  if (!state) return null;
  const upTo = await readCheckpoint(readStore, projector, state.activeGeneration);
  let after = '';
  while (upTo) {
    const batch = await eventStore.readAll({ after, maxCount: 10_000 });
    if (batch.length === 0) break;
    for (const e of batch) if (e.checkpoint <= upTo) onEvent(e);
    after = batch.at(-1)?.checkpoint ?? after;
    if (after >= upTo) break;
  }
  return upTo;
}
