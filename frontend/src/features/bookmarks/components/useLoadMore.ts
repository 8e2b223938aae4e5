import { useEffect, useRef } from 'react';

/**
 * Calls `onVisible` when the sentinel is half visible within 200px of the viewport (the feed's
 * loading rule, spec §2). Where IntersectionObserver is missing the screen's button still works.
 */
export function useLoadMore<T extends Element>(enabled: boolean, onVisible: () => void) {
  const ref = useRef<T>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const node = ref.current;
    if (!enabled || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: '200px', threshold: 0.5 },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}
