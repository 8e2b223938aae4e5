import './dialog.css';

import { type ReactNode, useId } from 'react';
import { createPortal } from 'react-dom';

import { CloseIcon } from '../icons';
import { useDialogFocus } from './useDialogFocus';

export interface DialogProps {
  /** Text, or text with an isolated part (a member's handle in a <bdi>). */
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** 'alertdialog' for a question that interrupts the member (a confirmation). */
  role?: 'dialog' | 'alertdialog';
  /** Id of the text that says what the dialog is about, announced with the title. */
  describedBy?: string;
  /** Shows a close (×) button in the header with this accessible name. */
  closeLabel?: string;
  /** Extra classes for the panel, e.g. a width modifier. */
  className?: string;
}

/**
 * A titled modal over a backdrop, rendered at the end of <body> so no container clips it: focus stays
 * inside (useDialogFocus), Escape or a click on the backdrop closes it.
 */
export function Dialog({ title, onClose, children, role = 'dialog', describedBy, closeLabel, className }: DialogProps) {
  const titleId = useId();
  const { ref, onKeyDown } = useDialogFocus<HTMLDivElement>(onClose);
  return createPortal(
    <div className="dialog__backdrop" onClick={onClose}>
      <div
        ref={ref}
        className={className ? `dialog ${className}` : 'dialog'}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        onClick={(event) => event.stopPropagation()}
        onKeyDown={onKeyDown}
      >
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {closeLabel ? (
            <button type="button" className="icon-button" aria-label={closeLabel} onClick={onClose}>
              <CloseIcon />
            </button>
          ) : null}
        </header>
        {children}
      </div>
    </div>,
    document.body,
  );
}
