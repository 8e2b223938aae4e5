import type { ProjectionHealth, ProjectionStatus } from '@contract';

import type { EventStore } from '../../src/platform/event-store/event-store.port';
import type { ReadStore } from '../../src/platform/read-store/read-store.port';
import { countEventsAfter } from './projection-lag';
import { readCheckpoint, readState } from './projection-state';
import type { Projector } from './projector';

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
    const { events: lag, capped } = await countEventsAfter(eventStore, checkpoint, lagCap);
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
