import type { EventStore, NewEvent, RecordedEvent } from '@platform/event-store/event-store.port';
import { PersonalDataVault } from '@platform/privacy/personal-data-vault';
import type { Push } from '@platform/push/push';
import { PushOutbox } from '@platform/push/push-outbox';
import { findAll } from '@platform/read-store/core/find-all';
import type { Collection, Doc, ReadStore } from '@platform/read-store/read-store.port';

import { applyBatch } from '../apply-batch';
import { ensureBookkeeping, ensureGeneration } from '../collections';
import { physicalName, type Projector } from '../projector';
import { settledLog, storeFactories, type StoresFactory } from './stores';

/** An event the spec appends: to `streamId` when given (projectors read ids from it), else to `spec`. */
export type GivenEvent = NewEvent & { streamId?: string };

/** Events of one stream, for given(): `inStream(`user-${A}`, registered, verified)`. */
export const inStream = (streamId: string, ...events: NewEvent[]): GivenEvent[] =>
  events.map((e) => ({ ...e, streamId }));

export interface SpecStores {
  engine: string;
  eventStore: EventStore;
  readStore: ReadStore;
}

/** What a then() check reads: the projector's read models after the given events. */
export interface SpecRead<Deps> extends SpecStores {
  deps: Deps;
  /** The log the projector was run over. */
  log: RecordedEvent[];
  /** A logical collection of the projector, as it stands after the batches. */
  collection<T extends Doc = Doc>(logicalName: string): Collection<T>;
  /** Every document of a logical collection. */
  docs<T extends Doc = Doc>(logicalName: string): Promise<T[]>;
  /**
   * Replays the same log into a fresh generation (a rebuild), by default with the same projector
   * and batches; answers that generation's collections.
   */
  replay(options?: {
    projector?: Projector;
    batchSize?: number;
  }): Promise<<T extends Doc = Doc>(logicalName: string) => Collection<T>>;
}

type GivenStep<Deps> = GivenEvent[] | ((setup: { deps: Deps } & SpecStores) => GivenEvent[] | Promise<GivenEvent[]>);

/**
 * Given/then for a projector, through the runner's real batch path (applyBatch: buffered writes,
 * the transactional rerun, the checkpoint) on every engine storeFactories() names: memory, and
 * PostgreSQL when it answers, else PGlite (one schema per file, emptied per spec). Each then*()
 * runs the whole spec once per engine and names the engine in a failure.
 *
 *   await projectionSpec(auditProjector)
 *     .given(inStream(`post-${P}`, { type: 'PostCreated', data: {...}, metadata: { actor: A } }))
 *     .then(AUDIT_COLLECTION, id, { streamId: `post-${P}`, actor: A });
 *
 * `projector` may be a function of deps that `deps` builds on each engine's stores (a vault, an
 * outbox). When deps has an `outbox`, each committed batch is reported to it, as the runner does.
 * The log is applied as one batch unless inBatchesOf(n) says otherwise.
 */
export function projectionSpec<Deps = undefined>(
  projector: Projector | ((deps: Deps) => Projector),
  deps?: (stores: SpecStores) => Deps | Promise<Deps>,
): ProjectionSpec<Deps> {
  return new ProjectionSpec(projector, deps ?? (() => undefined as Deps), [], 0, storeFactories());
}

export class ProjectionSpec<Deps> {
  constructor(
    private readonly projector: Projector | ((deps: Deps) => Projector),
    private readonly deps: (stores: SpecStores) => Deps | Promise<Deps>,
    private readonly steps: GivenStep<Deps>[],
    private readonly batchSize: number,
    private readonly engines: [string, StoresFactory][],
  ) {}

  /** Events appended in order (several given() calls append in turn); a function may build them with deps. */
  given(events: GivenStep<Deps>): ProjectionSpec<Deps> {
    return new ProjectionSpec(this.projector, this.deps, [...this.steps, events], this.batchSize, this.engines);
  }

  /** Applies the log in batches of `size` events (default: all in one batch). */
  inBatchesOf(size: number): ProjectionSpec<Deps> {
    return new ProjectionSpec(this.projector, this.deps, this.steps, size, this.engines);
  }

  /** Only these engines (e.g. a behaviour only one engine has). */
  on(...engines: string[]): ProjectionSpec<Deps> {
    return new ProjectionSpec(
      this.projector,
      this.deps,
      this.steps,
      this.batchSize,
      this.engines.filter(([name]) => engines.includes(name)),
    );
  }

  /** The document `id` of `collection` matches `expected` (toMatchObject); or a check of its own. */
  then<T extends Doc = Doc>(
    collection: string,
    id: string,
    expected: Partial<T> | Record<string, unknown>,
  ): Promise<void>;
  then(check: (read: SpecRead<Deps>) => void | Promise<void>): Promise<void>;
  then(a: string | ((read: SpecRead<Deps>) => void | Promise<void>), id?: string, expected?: unknown): Promise<void> {
    if (typeof a === 'function') return this.run(a);
    return this.run(async (read) => {
      const doc = await read.collection(a).get(id!);
      expect(doc).not.toBeNull();
      expect(doc).toMatchObject(expected as Record<string, unknown>);
    });
  }

  /** The document `id` of `collection` does not exist. */
  thenNotFound(collection: string, id: string): Promise<void> {
    return this.run(async (read) => expect(await read.collection(collection).get(id)).toBeNull());
  }

  /** A check of every document of `collection`. */
  thenCollection<T extends Doc = Doc>(
    collection: string,
    check: (docs: T[], read: SpecRead<Deps>) => void | Promise<void>,
  ): Promise<void> {
    return this.run(async (read) => check(await read.docs<T>(collection), read));
  }

  private async run(check: (read: SpecRead<Deps>) => void | Promise<void>): Promise<void> {
    if (this.engines.length === 0) throw new Error('projectionSpec: no store engine to run on');
    for (const [engine, makeStores] of this.engines) {
      const { dispose, ...stores } = await makeStores();
      try {
        await this.runOn({ engine, ...stores }, check);
      } catch (err) {
        if (err instanceof Error) err.message = `[${engine}] ${err.message}`;
        throw err;
      } finally {
        await dispose();
      }
    }
  }

  private async runOn(stores: SpecStores, check: (read: SpecRead<Deps>) => void | Promise<void>) {
    await ensureBookkeeping(stores.readStore);
    const deps = await this.deps(stores);
    const projector = typeof this.projector === 'function' ? this.projector(deps) : this.projector;
    let last = '';
    for (const step of this.steps) {
      const events = typeof step === 'function' ? await step({ deps, ...stores }) : step;
      last = (await appendInOrder(stores.eventStore, events)) ?? last;
    }
    const log = await settledLog(stores.eventStore, last);
    const outbox = (deps as { outbox?: { committed(projector: string, checkpoint: string): void } } | undefined)
      ?.outbox;
    const project = async (target: Projector, generation: number, batchSize: number, report: boolean) => {
      await ensureGeneration(stores.readStore, target, generation);
      const size = batchSize > 0 ? batchSize : Math.max(log.length, 1);
      for (let i = 0; i < log.length; i += size) {
        const checkpoint = await applyBatch(stores.readStore, target, generation, log.slice(i, i + size));
        if (checkpoint && report) outbox?.committed(target.name, checkpoint);
      }
      return <T extends Doc = Doc>(name: string) => stores.readStore.collection<T>(physicalName(name, generation));
    };
    const collection = await project(projector, 1, this.batchSize, true);
    let generations = 1;
    const replay: SpecRead<Deps>['replay'] = (options = {}) =>
      project(options.projector ?? projector, ++generations, options.batchSize ?? this.batchSize, false);
    await check({ ...stores, deps, log, collection, docs: (name) => findAll(collection(name)), replay });
  }
}

/** Appends runs of events of one stream together, in the order given; answers the last checkpoint. */
async function appendInOrder(store: EventStore, events: GivenEvent[]): Promise<string | null> {
  let last: string | null = null;
  let i = 0;
  while (i < events.length) {
    const streamId = events[i]!.streamId ?? 'spec';
    let j = i;
    while (j < events.length && (events[j]!.streamId ?? 'spec') === streamId) j++;
    ({ checkpoint: last } = await store.appendToStream(
      streamId,
      events.slice(i, j).map(({ streamId: _s, ...e }) => e),
      'any',
    ));
    i = j;
  }
  return last;
}

/** The deps projectors take (ProjectorDeps): a vault on the engine's read store, and an outbox whose pushes are collected. */
export async function projectorDeps({
  readStore,
}: SpecStores): Promise<{ vault: PersonalDataVault; outbox: PushOutbox; pushes: Push[] }> {
  const vault = new PersonalDataVault(readStore);
  await vault.init();
  const pushes: Push[] = [];
  const outbox = new PushOutbox();
  outbox.attach({ publish: (p) => pushes.push(p) });
  return { vault, outbox, pushes };
}
