import { useEffect, useRef } from 'react';

/** Spec §2: more items load when the sentinel is 50% visible, counting a 200px margin below the screen. */
export const LOAD_MORE_THRESHOLD = 0.5;
export const LOAD_MORE_ROOT_MARGIN = '200px';

/**
 * The infinite lists' loading rule (feed, bookmarks, notifications, profile tabs): calls `onVisible`
 * when the returned sentinel comes into view. `generation` (e.g. the page count) re-arms the observer:
 * a sentinel that is still on screen after a page lands asks for the next one. Where
 * IntersectionObserver is missing nothing happens, so lists keep a button as well.
 */
export function useLoadMore<T extends Element>(onVisible: () => void, enabled: boolean, generation = 0) {
  const ref = useRef<T>(null);
  const latest = useRef(onVisible);
  useEffect(() => {
    latest.current = onVisible;
  });
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: LOAD_MORE_ROOT_MARGIN, threshold: LOAD_MORE_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, generation]);
  return ref;
}
