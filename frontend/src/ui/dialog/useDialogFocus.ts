import { type KeyboardEvent, type RefObject, useCallback, useEffect, useRef } from 'react';

/** What Tab can land on inside a dialog. */
const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'audio[controls]',
  'video[controls]',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/** The focusable elements of `container` in tab order, leaving out those inside something hidden. */
export function tabbableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[hidden]'),
  );
}

export interface DialogFocusOptions {
  /** For a dialog that stays mounted while closed (the side menu): focus moves only while true. */
  active?: boolean;
  /** Takes focus on open. Otherwise the first `[data-autofocus]`, else the first focusable, else the dialog. */
  initialFocus?: RefObject<HTMLElement | null>;
}

/**
 * The modal focus pattern of every dialog in the app: focus moves inside on open, Tab and Shift+Tab
 * wrap around inside, Escape calls `onClose`, and focus goes back to the opener when the dialog goes.
 * Attach `ref` and `onKeyDown` to the dialog element.
 */
export function useDialogFocus<T extends HTMLElement>(
  onClose: () => void,
  { active = true, initialFocus }: DialogFocusOptions = {},
): {
  ref: RefObject<T | null>;
  onKeyDown: (event: KeyboardEvent) => void;
} {
  const ref = useRef<T>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  const initial = useRef(initialFocus);
  initial.current = initialFocus;

  useEffect(() => {
    if (!active) return undefined;
    // The opener is whatever had focus when the dialog appeared.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = ref.current;
    const target =
      initial.current?.current ??
      panel?.querySelector<HTMLElement>('[data-autofocus]') ??
      (panel ? tabbableIn(panel)[0] : undefined) ??
      panel;
    target?.focus();
    return () => opener?.focus();
  }, [active]);

  const onKeyDown = useCallback((event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      // An Escape handled here must not also close whatever is underneath.
      event.stopPropagation();
      close.current();
      return;
    }
    const panel = ref.current;
    if (event.key !== 'Tab' || !panel) return;
    const items = tabbableIn(panel);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const focused = document.activeElement;
    const outside = focused === panel || !panel.contains(focused);
    if (event.shiftKey && (focused === first || outside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (focused === last || (outside && focused !== panel))) {
      event.preventDefault();
      first.focus();
    }
  }, []);

  return { ref, onKeyDown };
}
