const canTell = (): boolean => typeof window !== 'undefined' && 'requestIdleCallback' in window;

export interface IdleOptions {
  /** Runs by then even if the page never goes idle (ms). */
  timeout: number;
  /** Where the browser cannot say when it is idle (Safari, jsdom): run after this long (ms). */
  fallback: number;
}

/**
 * Runs `run` once the page is idle: after the first screen's paints and the tasks they queued, so
 * work nobody sees yet does not compete with the first load on a phone (issue 37). Returns a cancel.
 */
export function whenIdle(run: () => void, { timeout, fallback }: IdleOptions): () => void {
  if (canTell()) {
    const id = window.requestIdleCallback(() => run(), { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, fallback);
  return () => clearTimeout(id);
}

/** whenIdle as a promise (not cancellable); settled at once where the browser cannot say and `fallback` is 0. */
export const idle = (options: IdleOptions): Promise<void> =>
  !canTell() && options.fallback <= 0 ? Promise.resolve() : new Promise((resolve) => whenIdle(resolve, options));
