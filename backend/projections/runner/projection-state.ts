import { PROJECTION_STATE_COLLECTION } from '@platform/read-models';

import type { ReadStoreSession } from '../../src/platform/read-store/read-store.port';

/** Which generation of a projector serves reads, and which one a rebuild is filling. */
export interface ProjectionStateDoc {
  id: string;
  [key: string]: unknown;
  activeGeneration: number;
  version: number;
  building: { generation: number; version: number; startedAt: string } | null;
  switchedAt: string;
}

export interface CheckpointDoc {
  id: string;
  [key: string]: unknown;
  checkpoint: string;
  updatedAt: string;
}

export const STATE_COLLECTION = PROJECTION_STATE_COLLECTION;
export const CHECKPOINT_COLLECTION = 'dc_projection_checkpoints';

/**
 * How often a live runner's loop makes sure its generation is still the active one (between two
 * looks it trusts the last); a rebuild switches no sooner than this after marking itself building, see rebuild.ts.
 */
export const GUARD_RECHECK_MS = 1_000;

export const checkpointId = (name: string, generation: number) => `${name}:${generation}`;

export function readState(session: ReadStoreSession, name: string): Promise<ProjectionStateDoc | null> {
  return session.collection<ProjectionStateDoc>(STATE_COLLECTION).get(name);
}

export async function readCheckpoint(session: ReadStoreSession, name: string, generation: number): Promise<string> {
  const doc = await session.collection<CheckpointDoc>(CHECKPOINT_COLLECTION).get(checkpointId(name, generation));
  return doc?.checkpoint ?? '';
}

export function checkpointDoc(name: string, generation: number, checkpoint: string): CheckpointDoc {
  return { id: checkpointId(name, generation), checkpoint, updatedAt: new Date().toISOString() };
}

export function writeCheckpoint(session: ReadStoreSession, name: string, generation: number, checkpoint: string) {
  return session.collection<CheckpointDoc>(CHECKPOINT_COLLECTION).upsert(checkpointDoc(name, generation, checkpoint));
}

/** The checkpoint as one write of a batch (ReadStore.writeBatch). */
export function checkpointWrite(name: string, generation: number, checkpoint: string) {
  return { collection: CHECKPOINT_COLLECTION, upserts: [checkpointDoc(name, generation, checkpoint)], deletes: [] };
}
