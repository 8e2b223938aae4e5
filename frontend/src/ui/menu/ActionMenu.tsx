import './menu.css';

import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';

import { MoreIcon } from '../icons';

export interface MenuAction {
  key: string;
  label: string;
  onSelect: () => void;
  /** Shown in red: the action destroys or cuts something off. */
  danger?: boolean;
  /** For a choice among options (a radio menu item): whether this one is the current choice. */
  checked?: boolean;
  /** The language the label is written in, when it differs from the page's. */
  lang?: string;
}

export interface ActionMenuProps {
  /** The button's accessible name. */
  buttonLabel: string;
  /**
   * The actions, or a function that lists them when the menu opens: a menu on every card of a list
   * need not build its labels (a translation each) for the few menus ever opened.
   */
  actions: MenuAction[] | (() => MenuAction[]);
  /** The menu's accessible name; the button's when not given. */
  label?: string;
  icon?: ReactNode;
  buttonClassName?: string;
  className?: string;
}

/**
 * A menu button (WAI-ARIA): the button toggles a list of actions and the first one takes focus;
 * arrow keys, Home and End move, Escape, Tab or a click outside close it, and choosing an action
 * closes it and puts focus back on the button before the action runs (so a dialog the action opens
 * returns focus there).
 */
export function ActionMenu({
  buttonLabel,
  actions,
  label = buttonLabel,
  icon = <MoreIcon />,
  buttonClassName = 'icon-button',
  className,
}: ActionMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    list.current?.querySelector<HTMLElement>('[role^="menuitem"]')?.focus();
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') {
        // The menu may sit in a dialog: Escape closes the menu only.
        event.preventDefault();
        event.stopPropagation();
      }
      close();
      return;
    }
    const items = Array.from(list.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []);
    const at = items.indexOf(document.activeElement as HTMLElement);
    let next: HTMLElement | undefined;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp')
      next = items[(at + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length];
    else if (event.key === 'Home') next = items[0];
    else if (event.key === 'End') next = items[items.length - 1];
    else return;
    event.preventDefault();
    next?.focus();
  };

  return (
    <div className={className ? `menu ${className}` : 'menu'} ref={root}>
      <button
        ref={button}
        type="button"
        className={buttonClassName}
        aria-label={buttonLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
      >
        {icon}
      </button>
      {open ? (
        <ul ref={list} id={menuId} className="menu__list" role="menu" aria-label={label} onKeyDown={onKeyDown}>
          {(typeof actions === 'function' ? actions() : actions).map((action) => (
            <li key={action.key} role="none">
              <button
                type="button"
                role={action.checked === undefined ? 'menuitem' : 'menuitemradio'}
                aria-checked={action.checked}
                lang={action.lang}
                tabIndex={-1}
                className={action.danger ? 'menu__item menu__item--danger' : 'menu__item'}
                onClick={() => {
                  close();
                  action.onSelect();
                }}
              >
                {action.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
