import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** How long a screen coming back may take to grow tall enough for its old position (its data is cached). */
const RESTORE_FRAMES = 30;

/**
 * Where each screen was scrolled to, as apps do it: a screen opened anew (a tab, a link) starts at
 * the top; Back or Forward returns to where the member left it. Filters written to the address in
 * place (same path) keep the position. The browser's own restoration is off: it would restore before
 * the screen's content is there, and also for a tab opened anew.
 */
export function ScrollMemory() {
  const location = useLocation();
  const navigation = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const current = useRef({ key: location.key, pathname: location.pathname });

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const save = () => positions.current.set(current.current.key, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, []);

  useLayoutEffect(() => {
    const samePath = current.current.pathname === location.pathname;
    current.current = { key: location.key, pathname: location.pathname };
    if (navigation !== 'POP' && samePath) return;
    const target = navigation === 'POP' ? (positions.current.get(location.key) ?? 0) : 0;
    let frame = 0;
    let tries = 0;
    const restore = () => {
      if (window.scrollY === target) return;
      window.scrollTo(0, target);
      if (window.scrollY !== target && ++tries < RESTORE_FRAMES) frame = requestAnimationFrame(restore);
    };
    restore();
    return () => cancelAnimationFrame(frame);
  }, [location.key, location.pathname, navigation]);

  return null;
}
