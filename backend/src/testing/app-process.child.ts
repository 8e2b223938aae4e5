/**
 * The app's own entry point (../main.ts, role from argv or ROLE) run as a child of a test by
 * app-processes.ts. The only addition: the child has an IPC channel to the test process, and when
 * that goes away (the test runner was killed, or crashed before its afterAll) the app stops itself
 * as on SIGTERM, so a dead test never leaves app processes behind.
 */
import '../main';

if (process.channel) {
  // The channel must not keep the app alive on its own; main.ts exits by itself once shut down.
  process.channel.unref();
  process.once('disconnect', () => {
    process.kill(process.pid, 'SIGTERM');
    // main.ts ends a shutdown that hangs after SHUTDOWN_TIMEOUT_MS; this is a last resort.
    setTimeout(() => process.exit(1), 30_000).unref();
  });
}
