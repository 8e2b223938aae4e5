import { type KeyboardEvent, type ReactNode, useRef } from 'react';

import { useTranslation } from '@/i18n/useTranslation';

export interface TabListProps<Tab extends string> {
  /** The tabs, in reading order. */
  tabs: readonly Tab[];
  selected: Tab;
  onSelect: (tab: Tab) => void;
  /** The tablist's accessible name. */
  'aria-label': string;
  /** The id of a tab's button (a tabpanel names it in `aria-labelledby`). */
  tabId: (tab: Tab) => string;
  /** The id of the panel a tab controls (one shared panel: return the same id for every tab). */
  panelId: (tab: Tab) => string;
  /** What a tab's button shows (its accessible name). */
  label: (tab: Tab) => ReactNode;
  /** Class of the tablist element. */
  className: string;
  /** Class of each tab button. */
  tabClassName: string;
}

/**
 * ARIA tabs with automatic activation: a click or a key selects the tab and focus follows it.
 * ArrowRight/ArrowLeft move to the next/previous tab and wrap (mirrored when the app's language is
 * right to left, `i18n.dir()`, the same direction the app writes to `<html dir>`); Home and End go to
 * the first and last tab. Only the selected tab is in the Tab order (roving tabindex).
 */
export function TabList<Tab extends string>({
  tabs,
  selected,
  onSelect,
  'aria-label': ariaLabel,
  tabId,
  panelId,
  label,
  className,
  tabClassName,
}: TabListProps<Tab>) {
  const { i18n } = useTranslation();
  const buttons = useRef(new Map<Tab, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const at = tabs.indexOf(selected);
    const rtl = i18n.dir() === 'rtl';
    let next: number;
    if (event.key === (rtl ? 'ArrowLeft' : 'ArrowRight')) next = (at + 1) % tabs.length;
    else if (event.key === (rtl ? 'ArrowRight' : 'ArrowLeft')) next = (at - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    else return;
    event.preventDefault();
    const tab = tabs[next]!;
    onSelect(tab);
    buttons.current.get(tab)?.focus();
  }

  return (
    <div className={className} role="tablist" aria-label={ariaLabel} onKeyDown={onKeyDown}>
      {tabs.map((tab) => (
        <button
          key={tab}
          ref={(el) => {
            if (el) buttons.current.set(tab, el);
            else buttons.current.delete(tab);
          }}
          type="button"
          role="tab"
          id={tabId(tab)}
          className={tabClassName}
          aria-selected={tab === selected}
          aria-controls={panelId(tab)}
          tabIndex={tab === selected ? 0 : -1}
          onClick={() => onSelect(tab)}
        >
          {label(tab)}
        </button>
      ))}
    </div>
  );
}
