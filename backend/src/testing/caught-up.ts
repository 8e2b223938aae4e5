import type { Runtime } from '../runtime';

/**
 * Waits until the named projectors have passed everything in the log. For reads by someone other
 * than the writer, or of a read model the writer's command does not wait for (readsNext): a post
 * waits for the social read models only, so a search for it or its author's mention notification
 * may come a moment later.
 */
export async function caughtUp(runtime: Runtime, names: readonly string[], timeoutMs = 10_000): Promise<void> {
  const head = await runtime.platform.eventStore.headCheckpoint();
  if (!(await runtime.progress.waitFor(head, names, timeoutMs)))
    throw new Error(`${names.join(', ')} did not catch up with the log`);
}
