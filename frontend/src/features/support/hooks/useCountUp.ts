import { useEffect, useRef, useState } from 'react';

/** Ease-out cubic: fast at first, settling on the target. */
export function countUpValue(from: number, to: number, elapsedMs: number, durationMs: number): number {
  if (elapsedMs >= durationMs) return to;
  const p = Math.max(0, elapsedMs) / durationMs;
  return from + (to - from) * (1 - (1 - p) ** 3);
}

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * §2: the total collected counts up to `target` over `durationMs` (from where it stood when the target
 * changes). Members who ask the system for reduced motion see the figure at once.
 */
export function useCountUp(target: number | null, durationMs: number): number | null {
  const [shown, setShown] = useState<number | null>(null);
  const current = useRef(0);

  useEffect(() => {
    if (target === null) return;
    const from = current.current;
    if (prefersReducedMotion() || from === target) {
      current.current = target;
      setShown(target);
      return;
    }
    const start = performance.now();
    let frame = 0;
    const step = () => {
      const value = countUpValue(from, target, performance.now() - start, durationMs);
      current.current = value;
      setShown(value);
      if (value !== target) frame = requestAnimationFrame(step);
    };
    step();
    return () => cancelAnimationFrame(frame);
  }, [target, durationMs]);

  return shown;
}
