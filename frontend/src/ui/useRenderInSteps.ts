import { useEffect, useState } from 'react';

/** Items rendered at once, and added with each step after. */
export const FIRST_STEP = 4;
export const NEXT_STEP = 4;

/**
 * How many of a list's `total` items to render now: a first few at once, then a few more in each
 * task after, until all are in. A page of cards built in one go held a phone's main thread for a
 * few hundred milliseconds (issue 37: Lighthouse's Total Blocking Time, 4x CPU); in steps, input is
 * answered between them, and what lies below the first screen follows within frames.
 */
export function useRenderInSteps(total: number, first = FIRST_STEP, step = NEXT_STEP): number {
  const [shown, setShown] = useState(() => Math.min(total, first));
  useEffect(() => {
    if (shown >= total) return;
    // A task of its own (not a microtask): the browser paints and handles input in between.
    const timer = setTimeout(() => setShown((n) => Math.min(total, Math.max(n, first) + step)), 0);
    return () => clearTimeout(timer);
  }, [shown, total, first, step]);
  return Math.min(shown, total);
}
