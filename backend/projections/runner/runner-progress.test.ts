import { EventEmitter } from 'node:events';

import type { ReadStore } from '@platform/read-store/read-store.port';

import type { ProjectionRunner } from './projection-runner';
import { RunnerProgress } from './runner-progress';

/** A runner in this process that follows 'tally': how far it got, and its progress reports. */
function localRunner() {
  const progress = new EventEmitter();
  let committed = '';
  let asked = 0;
  const runner = {
    progress,
    committedCheckpoint: () => {
      asked++;
      return committed;
    },
  } as unknown as ProjectionRunner;
  return {
    runner,
    asked: () => asked,
    commit(checkpoint: string) {
      committed = checkpoint;
      progress.emit('progress', 'tally', checkpoint);
    },
  };
}

const noStore = {} as ReadStore;

describe('waiting for read models (RunnerProgress)', () => {
  it('wakes a wait when its checkpoint is reported, not for every report short of it', async () => {
    const local = localRunner();
    const progress = new RunnerProgress(noStore, local.runner, 25);
    const waiting = progress.waitFor('005', ['tally'], 10_000);
    await new Promise((resolve) => setImmediate(resolve));
    const before = local.asked();
    for (const checkpoint of ['001', '002', '003', '004']) local.commit(checkpoint);
    await new Promise((resolve) => setImmediate(resolve));
    expect(local.asked()).toBe(before);
    local.commit('005');
    await expect(waiting).resolves.toBe(true);
  });

  it('does not poll every 25 ms while its projectors report progress as events', async () => {
    const local = localRunner();
    const progress = new RunnerProgress(noStore, local.runner, 25);
    const waiting = progress.waitFor('009', ['tally'], 10_000);
    await new Promise((resolve) => setTimeout(resolve, 150));
    // Asked once when the wait began; polling at 25 ms would have asked about six times by now.
    expect(local.asked()).toBe(1);
    local.commit('009');
    await expect(waiting).resolves.toBe(true);
  });

  it('gives up at its deadline', async () => {
    const local = localRunner();
    await expect(new RunnerProgress(noStore, local.runner, 25).waitFor('009', ['tally'], 60)).resolves.toBe(false);
  });
});
