import type { ReadStoreSession } from '../../src/platform/read-store/read-store.port';
import { GUARD_RECHECK_MS, type ProjectionStateDoc, STATE_COLLECTION } from './projection-state';

/** The stored states of a runner's projectors, as read by one look that began at `startedAt`. */
export interface StateLook {
  startedAt: number;
  states: ReadonlyMap<string, ProjectionStateDoc>;
}

/**
 * The batches of a runner's projectors make sure their generation is still the active one (the
 * runner's guard); they share their looks at the stored states: one statement for all of them about
 * once a second, where each projector looked on its own (a statement per projector and second under
 * a steady write load: an eighth of what the API suites sent PostgreSQL). A look that began under
 * GUARD_RECHECK_MS ago serves any of them, as a projector's own look did; `fresh` starts a new one
 * (a projector being rebuilt looks before each of its batches).
 */
export class SharedStateLooks {
  private last: { startedAt: number; look: Promise<StateLook> } | null = null;

  constructor(
    private readonly names: () => readonly string[],
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** Reads through `session` when a new look is needed (a batch's transaction, or the store). */
  look(session: ReadStoreSession, fresh: boolean): Promise<StateLook> {
    const now = this.clock();
    if (!fresh && this.last && now - this.last.startedAt < GUARD_RECHECK_MS) return this.last.look;
    const look = session
      .collection<ProjectionStateDoc>(STATE_COLLECTION)
      .getMany([...this.names()])
      .then((docs): StateLook => ({ startedAt: now, states: new Map(docs.map((d) => [d.id, d])) }));
    const entry = { startedAt: now, look };
    this.last = entry;
    // A failed look is not kept: the next guard reads again.
    look.catch(() => {
      if (this.last === entry) this.last = null;
    });
    return look;
  }
}
