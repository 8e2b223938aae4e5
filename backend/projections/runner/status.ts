import type { ProjectionHealth, ProjectionStatus } from '@contract';

import type { EventStore } from '../../src/platform/event-store/event-store.port';
import type { ReadStore } from '../../src/platform/read-store/read-store.port';
import { readCheckpoint, readState } from './projection-state';
import type { Projector } from './projector';

/** Events in the log after a checkpoint, counted in pages up to `cap`. */
export async function lagAfter(
  eventStore: EventStore,
  checkpoint: string,
  cap = 1_000_000,
): Promise<{ lag: number; capped: boolean }> {
  let lag = 0;
  let after = checkpoint;
  while (lag < cap) {
    const batch = await eventStore.readAll({ after, maxCount: 10_000 });
    if (batch.length === 0) break;
    lag += batch.length;
    after = batch.at(-1)?.checkpoint ?? after;
  }
  return { lag: Math.min(lag, cap), capped: lag >= cap };
}

/**
 * Each projector's version (in the code and as built), live generation, checkpoint, lag and health:
 * what `npm run projections:status` prints and GET /api/admin/projections answers.
 */
export async function projectionStatuses(
  eventStore: EventStore,
  readStore: ReadStore,
  projectors: readonly Projector[],
  lagCap = 1_000_000,
): Promise<Omit<ProjectionStatus, 'rebuild'>[]> {
  const rows: Omit<ProjectionStatus, 'rebuild'>[] = [];
  for (const p of projectors) {
    const state = await readState(readStore, p.name);
    const generation = state?.activeGeneration ?? null;
    const checkpoint = state ? await readCheckpoint(readStore, p.name, state.activeGeneration) : '';
    const { lag, capped } = await lagAfter(eventStore, checkpoint, lagCap);
    const status: ProjectionHealth = !state
      ? 'not_started'
      : state.building
        ? 'rebuilding'
        : state.version !== p.version
          ? 'outdated'
          : 'live';
    rows.push({
      name: p.name,
      codeVersion: p.version,
      version: state?.version ?? null,
      generation,
      checkpoint,
      lag,
      lagCapped: capped,
      status,
    });
  }
  return rows;
}
