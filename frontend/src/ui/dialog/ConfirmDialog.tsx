import { useId } from 'react';

import { FormActions } from '../FormActions';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  /** The action is running: the confirm button is disabled so it cannot be sent twice. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before an action that destroys or cuts something off (delete, block). Cancel takes focus first
 * so Enter never confirms by accident; Escape and the backdrop cancel. The caller closes it.
 */
export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  cancelLabel,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const bodyId = useId();
  return (
    <Dialog role="alertdialog" title={title} describedBy={bodyId} onClose={onCancel}>
      <p id={bodyId} className="dialog__body">
        {body}
      </p>
      <FormActions
        cancelLabel={cancelLabel}
        onCancel={onCancel}
        confirmLabel={confirmLabel}
        onConfirm={onConfirm}
        busy={busy}
        danger
        focusCancel
      />
    </Dialog>
  );
}
