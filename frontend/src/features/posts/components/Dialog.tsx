import { useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useDialogFocus } from './useDialogFocus';
import './dialog.css';

/** A small modal: title, body and actions; Escape or the backdrop closes it; focus stays inside. */
export function Dialog({ title, children, onClose }: { title: string; children: ReactNode; onClose: () => void }) {
  const titleId = useId();
  const { ref, onKeyDown } = useDialogFocus<HTMLDivElement>(onClose);
  return createPortal(
    <div className="post-dialog__backdrop" onClick={onClose}>
      <div
        ref={ref}
        className="post-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onClick={(event) => event.stopPropagation()}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="post-dialog__title">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
