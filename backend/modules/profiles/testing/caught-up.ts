import type { Runtime } from '../../../src/runtime';

/**
 * Waits until the profiles projector has passed everything in the log. For reads by someone other
 * than the writer (read-your-writes only covers the writer's own next read), e.g. after another
 * module's command that waits for its own read models only.
 */
export async function profilesCaughtUp(runtime: Runtime, timeoutMs = 10_000): Promise<void> {
  const head = await runtime.platform.eventStore.headCheckpoint();
  if (!(await runtime.progress.waitFor(head, ['profiles'], timeoutMs)))
    throw new Error('the profiles projector did not catch up');
}
