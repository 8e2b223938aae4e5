import { silentLogger } from '@platform/logging';
import { ChangeHub, InProcessReadModelChanges } from '@platform/read-models/in-process.read-model-changes';
import type { ReadModelChangeMessage } from '@platform/read-models/read-model-changes.port';

import { readModelCacheReads } from './cached-collection';
import { ChangePublisher } from './change-publisher';
import { ProjectionRunner } from './projection-runner';
import { ReadModelFollower } from './read-model-follower';
import { RunnerProgress } from './runner-progress';
import { RunnerReadModels } from './runner-read-models';
import { storeFactories, type TestStores } from './testing/stores';
import { counted, type TallyDoc, tallyProjector } from './testing/tally.projector';

/**
 * An API process's side of the scale-out (without processes): a runner publishes its commits, a
 * follower elsewhere caches what it reads and is told of every change, and a command there waits
 * for the published progress, so what it reads after the wait is never stale.
 */
const [, memory] = storeFactories().find(([engine]) => engine === 'memory')!;

describe('ReadModelFollower: read models cached where they are not projected', () => {
  let stores: TestStores;
  let runner: ProjectionRunner;
  let follower: ReadModelFollower;
  let gate: Promise<void> | null;
  let published: ReadModelChangeMessage[];
  const projector = tallyProjector();

  beforeEach(async () => {
    stores = await memory();
    gate = null;
    published = [];
    const hub = new ChangeHub();
    // The projections process's bus: publishes wait while the test holds the gate.
    const bus = new InProcessReadModelChanges(hub);
    const gated = Object.assign(Object.create(bus) as InProcessReadModelChanges, {
      publish: async (m: ReadModelChangeMessage) => {
        published.push(m);
        if (gate) await gate;
        return bus.publish(m);
      },
    });
    runner = new ProjectionRunner({
      eventStore: stores.eventStore,
      readStore: stores.readStore,
      projectors: [projector],
      logger: silentLogger,
      batchSize: 7,
    });
    new ChangePublisher(gated, runner, silentLogger);
    await runner.start();
    follower = new ReadModelFollower(new InProcessReadModelChanges(hub));
    await follower.start();
  });

  afterEach(async () => {
    await runner.stop();
    follower.stop();
    await stores.dispose();
  });

  const append = async (stream: string, n: number) =>
    (await stores.eventStore.appendToStream(stream, counted(n), 'any')).checkpoint;
  const api = () => ({
    models: new RunnerReadModels(stores.readStore, [projector], 1000, null, follower),
    progress: new RunnerProgress(stores.readStore, null, 25, [projector], follower),
  });

  it('answers from memory, and never stale after a wait on the published progress', async () => {
    const { models, progress } = api();
    const tallies = models.collection<TallyDoc>('tallies');
    let expected = 0;
    for (let round = 1; round <= 10; round++) {
      const cp = await append('counter-1', round);
      expected += round;
      expect(await progress.waitFor(cp, ['tally'], 5000)).toBe(true);
      const before = { ...readModelCacheReads };
      expect((await tallies.get('counter-1'))?.count).toBe(expected);
      expect((await tallies.find({ limit: 10 })).items.map((d) => d.count)).toEqual([expected]);
      // Asked again: answered from memory.
      const memoryBefore = readModelCacheReads.memory;
      await tallies.get('counter-1');
      await tallies.find({ limit: 10 });
      expect(readModelCacheReads.memory - memoryBefore).toBe(2);
      expect(readModelCacheReads.uncached).toBe(before.uncached);
    }
    expect(follower.generation('tally')).toBe(1);
  });

  it('lets a command answer only once the batch is published, not when it is committed', async () => {
    const { models, progress } = api();
    const tallies = models.collection<TallyDoc>('tallies');
    expect(await progress.waitFor(await append('counter-2', 1), ['tally'], 5000)).toBe(true);
    expect((await tallies.get('counter-2'))?.count).toBe(1);
    let release!: () => void;
    gate = new Promise((r) => (release = r));
    const cp = await append('counter-2', 1);
    // The runner commits (its own checkpoint moves), but nothing is out yet: the wait goes on.
    const deadline = Date.now() + 5000;
    while ((runner.committedCheckpoint('tally') ?? '') < cp && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 10));
    expect(runner.committedCheckpoint('tally')! >= cp).toBe(true);
    expect(await progress.waitFor(cp, ['tally'], 150)).toBe(false);
    expect((await tallies.get('counter-2'))?.count).toBe(1);
    release();
    gate = null;
    expect(await progress.waitFor(cp, ['tally'], 5000)).toBe(true);
    expect((await tallies.get('counter-2'))?.count).toBe(2);
  });

  it('sends what is handed over while a message is out as one message, not one each', async () => {
    const { progress } = api();
    expect(await progress.waitFor(await append('counter-4', 1), ['tally'], 5000)).toBe(true);
    let release!: () => void;
    gate = new Promise((r) => (release = r));
    const sentBefore = published.length;
    let last = '';
    // Ten commits, each in a batch and a turn of its own, while the first message is held.
    for (let i = 0; i < 10; i++) {
      last = await append('counter-4', 1);
      const deadline = Date.now() + 5000;
      while ((runner.committedCheckpoint('tally') ?? '') < last && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 5));
    }
    release();
    gate = null;
    expect(await progress.waitFor(last, ['tally'], 5000)).toBe(true);
    // The held message, then everything that came meanwhile together (a queue would send ten).
    expect(published.length - sentBefore).toBeLessThanOrEqual(2);
    expect(published.at(-1)!.progress.find((p) => p.projector === 'tally')?.checkpoint).toBe(last);
  });

  it('reads the store once the changes can no longer be received', async () => {
    const { models } = api();
    const tallies = models.collection<TallyDoc>('tallies');
    follower.stop();
    const uncached = readModelCacheReads.uncached;
    await tallies.get('counter-3');
    expect(readModelCacheReads.uncached).toBe(uncached + 1);
  });
});
