import type { Runtime } from '../../../src/runtime';
import { caughtUp } from '../../../src/testing/caught-up';

/**
 * Waits until the profiles projector has passed everything in the log. For reads by someone other
 * than the writer (read-your-writes only covers the writer's own next read), e.g. after another
 * module's command that waits for its own read models only.
 */
export const profilesCaughtUp = (runtime: Runtime, timeoutMs = 10_000): Promise<void> =>
  caughtUp(runtime, ['profiles'], timeoutMs);
