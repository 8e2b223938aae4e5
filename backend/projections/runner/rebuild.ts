import { randomUUID } from 'node:crypto';

import type { EventStore } from '../../src/platform/event-store/event-store.port';
import type { Logger } from '../../src/platform/logging';
import type { ReadStore, ReadStoreSession } from '../../src/platform/read-store/read-store.port';
import { sleep } from '../../src/platform/sleep';
import { applyBatch } from './apply-batch';
import { dropGeneration, ensureBookkeeping, ensureGeneration } from './collections';
import {
  CHECKPOINT_COLLECTION,
  type CheckpointDoc,
  checkpointId,
  GUARD_RECHECK_MS,
  type ProjectionStateDoc,
  readState,
  STATE_COLLECTION,
} from './projection-state';
import { type Projector } from './projector';

export interface RebuildOptions {
  eventStore: EventStore;
  readStore: ReadStore;
  projector: Projector;
  logger: Logger;
  batchSize?: number;
  /** How long readers may keep using the old generation after the switch before it is dropped. */
  dropAfterMs?: number;
  signal?: AbortSignal;
  onProgress?: (events: number) => void;
}

export interface RebuildResult {
  generation: number;
  events: number;
  checkpoint: string;
}

/**
 * Replays the whole log into a fresh generation of the projector's collections while the current
 * generation keeps serving reads, then switches reads over in the transaction of the last batch.
 * A live runner notices the switch at its next batch and carries on from the new generation.
 */
export async function rebuildProjection(options: RebuildOptions): Promise<RebuildResult> {
  const { eventStore, readStore, projector, logger } = options;
  const batchSize = options.batchSize ?? 2000;
  const owner = `rebuild-${randomUUID()}`;
  const leases = [`rebuild:${projector.name}`];
  const leaseTtl = 30_000;
  await ensureBookkeeping(readStore);
  const before = await readState(readStore, projector.name);
  // With no generation yet, this build is the first one: keep live runners out until it is done.
  if (!before) leases.push(`projection:${projector.name}`);
  for (const lease of leases) {
    if (!(await readStore.acquireLease(lease, owner, leaseTtl))) {
      await releaseAll();
      throw new Error(`Cannot rebuild ${projector.name}: another rebuild or first build holds ${lease}`);
    }
  }
  const renew = setInterval(() => {
    for (const lease of leases) readStore.acquireLease(lease, owner, leaseTtl).catch(() => false);
  }, leaseTtl / 3);
  async function releaseAll() {
    for (const lease of leases) await readStore.releaseLease(lease, owner).catch(() => undefined);
  }
  const states = readStore.collection<ProjectionStateDoc>(STATE_COLLECTION);
  let generation = 0;
  try {
    const previous = before?.activeGeneration ?? 0;
    generation = Math.max(previous, before?.building?.generation ?? 0) + 1;
    const building = { generation, version: projector.version, startedAt: new Date().toISOString() };
    if (before) await states.update(projector.name, { set: { building } });
    else
      await states.upsert({
        id: projector.name,
        activeGeneration: generation,
        version: projector.version,
        building,
        switchedAt: building.startedAt,
      });

    // A leftover from an interrupted rebuild of the same generation number must not leak in.
    await dropGeneration(readStore, projector, generation);
    await ensureGeneration(readStore, projector, generation);
    logger.info({ generation }, 'rebuild started');
    // Live runners look at the state at most every GUARD_RECHECK_MS; once each has looked since the
    // mark above, it checks every batch after writing it, so none reports progress that the new
    // generation lacks after the switch. The switch waits for that (the replay usually takes longer).
    const switchNotBefore = performance.now() + (previous > 0 ? GUARD_RECHECK_MS + 250 : 0);

    let after = '';
    let events = 0;
    for (;;) {
      if (options.signal?.aborted) throw new Error('rebuild aborted');
      const batch = await eventStore.readAll({ after, maxCount: batchSize });
      const last = batch.length < batchSize;
      const early = switchNotBefore - performance.now();
      if (last && early > 0) {
        await sleep(early, options.signal);
        continue; // read again: the log may have grown meanwhile
      }
      const upTo = batch.at(-1)?.checkpoint ?? after;
      let switched = false;
      await applyBatch(readStore, projector, generation, batch, {
        replaying: true,
        finalize: last
          ? async (session) => {
              // A live runner already past this point (events appended since the read above) has
              // answered commands from the old generation: switching now would hide their events
              // from the reads that follow. Replay those first.
              // Read under the row's lock (an update), so a live batch committing meanwhile either
              // shows here or waits for the switch and then sees it.
              if (previous > 0 && (await lockedCheckpoint(session, projector.name, previous)) > upTo) return;
              switched = true;
              await session.collection<ProjectionStateDoc>(STATE_COLLECTION).update(projector.name, {
                set: {
                  activeGeneration: generation,
                  version: projector.version,
                  building: null,
                  switchedAt: new Date().toISOString(),
                },
              });
              if (batch.length === 0 && after === '') {
                // Empty log: still record where this generation starts.
                await session.collection(CHECKPOINT_COLLECTION).upsert({
                  id: checkpointId(projector.name, generation),
                  checkpoint: '',
                  updatedAt: new Date().toISOString(),
                });
              }
            }
          : undefined,
      });
      events += batch.length;
      after = upTo;
      options.onProgress?.(events);
      if (switched) break;
    }
    logger.info({ generation, events }, 'rebuild switched reads to the new generation');

    if (previous > 0 && previous !== generation) {
      await sleep(options.dropAfterMs ?? 5_000, options.signal);
      await dropGeneration(readStore, projector, previous);
      await readStore.collection(CHECKPOINT_COLLECTION).delete(checkpointId(projector.name, previous));
    }
    return { generation, events, checkpoint: after };
  } catch (err) {
    // Let a later rebuild (or a version change) start again; the live generation is untouched.
    const state = await readState(readStore, projector.name).catch(() => null);
    if (state?.building?.generation === generation) {
      await states.update(projector.name, { set: { building: null } }).catch(() => undefined);
    }
    throw err;
  } finally {
    clearInterval(renew);
    await releaseAll();
  }
}

/** The live generation's stored checkpoint, with its row locked until the transaction ends. */
async function lockedCheckpoint(session: ReadStoreSession, name: string, generation: number): Promise<string> {
  const doc = await session
    .collection<CheckpointDoc>(CHECKPOINT_COLLECTION)
    .update(checkpointId(name, generation), { set: { lockedAt: new Date().toISOString() } });
  return doc?.checkpoint ?? '';
}
