import { useEffect, useState } from 'react';

/**
 * Items rendered at once (a phone's first screen shows two or three cards), then one per task: a
 * post card costs ~10 ms of main thread on this 2-core machine, ~45 ms at Lighthouse's 4x CPU, so
 * one card keeps each task near the 50 ms that counts as blocking.
 */
export const FIRST_STEP = 3;
export const NEXT_STEP = 1;

/**
 * How many of a list's `total` items to render now: a first few at once, then a few more in each
 * task after, until all are in. A page of cards built in one go held a phone's main thread for a
 * few hundred milliseconds (issue 37: Lighthouse's Total Blocking Time, 4x CPU); in steps, input is
 * answered between them, and what lies below the first screen follows within frames.
 */
export function useRenderInSteps(total: number, first = FIRST_STEP, step = NEXT_STEP): number {
  const [stepped, setStepped] = useState(first);
  // The first few at once whenever there are items, also when they arrive after the first render.
  const shown = Math.min(total, Math.max(stepped, first));
  useEffect(() => {
    if (shown >= total) return;
    // A task of its own (not a microtask): the browser paints and handles input in between.
    const timer = setTimeout(() => setStepped(shown + step), 0);
    return () => clearTimeout(timer);
  }, [shown, total, step]);
  return shown;
}
