import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../ui/icons';
import { useDialogFocus } from '../hooks/useDialogFocus';
import '../profile.css';

/** A modal dialog: titled, focus kept inside, Escape or the backdrop closes it. */
export function Dialog({ title, onClose, children, className = '' }: { title: string; onClose: () => void; children: ReactNode; className?: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { ref, onKeyDown } = useDialogFocus<HTMLDivElement>(onClose);
  return (
    <div className="profile-dialog__backdrop" onClick={onClose}>
      <div
        ref={ref}
        className={`profile-dialog ${className}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={onKeyDown}
      >
        <header className="profile-dialog__header">
          <h2 id={titleId} className="profile-dialog__title">
            {title}
          </h2>
          <button type="button" className="icon-button" aria-label={t('profile.close')} onClick={onClose}>
            <CloseIcon />
          </button>
        </header>
        {children}
      </div>
    </div>
  );
}
