import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog';

interface Props {
  title: string;
  body: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action that changes what both members see. */
export function ConfirmDialog({ title, body, confirmLabel, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog title={title} onClose={onClose}>
      <p>{body}</p>
      <div className="profile-dialog__actions">
        <button type="button" className="button button--quiet" onClick={onClose} data-autofocus>
          {t('profile.cancel')}
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={() => {
            onConfirm();
            onClose();
          }}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
