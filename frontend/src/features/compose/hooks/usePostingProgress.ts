import { useCallback, useEffect, useRef, useState } from 'react';

import { POSTING_PROGRESS } from '../limits';

/**
 * Part 2 §4: the percentage shown while a post is sent. The request gives no upload events, so it
 * climbs to 85 % while the call runs and jumps to 100 % when it succeeds.
 */
export function usePostingProgress() {
  const [percent, setPercent] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  const halt = () => {
    clearInterval(timer.current);
    timer.current = undefined;
  };

  const start = useCallback(() => {
    halt();
    setPercent(0);
    timer.current = setInterval(() => {
      setPercent((p) => Math.min(POSTING_PROGRESS.ceiling, (p ?? 0) + POSTING_PROGRESS.step));
    }, POSTING_PROGRESS.stepMs);
  }, []);

  const finish = useCallback(() => {
    halt();
    setPercent(100);
  }, []);

  const reset = useCallback(() => {
    halt();
    setPercent(null);
  }, []);

  useEffect(() => halt, []);

  return { percent, start, finish, reset };
}
