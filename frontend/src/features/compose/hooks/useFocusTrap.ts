import { useCallback, useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), audio[controls], video[controls], [tabindex]:not([tabindex="-1"])';

/**
 * Keeps keyboard focus inside a dialog (the side menu's pattern): focus moves in on mount, Tab and
 * Shift+Tab wrap around, Escape calls `onEscape`, and focus returns to the opener on unmount.
 */
export function useFocusTrap<T extends HTMLElement>(onEscape: () => void, initial?: RefObject<HTMLElement | null>) {
  const container = useRef<T>(null);
  const escape = useRef(onEscape);
  escape.current = onEscape;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    (initial?.current ?? container.current?.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    return () => opener?.focus?.();
    // Mount and unmount only: the opener is whatever had focus when the dialog appeared.
  }, []);

  const onKeyDown = useCallback((event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      escape.current();
      return;
    }
    if (event.key !== 'Tab' || !container.current) return;
    const items = Array.from(container.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute('hidden'));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || !container.current.contains(document.activeElement))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }, []);

  return { ref: container, onKeyDown };
}
