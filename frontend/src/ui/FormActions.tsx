import './form-actions.css';

export interface FormActionsProps {
  cancelLabel: string;
  onCancel: () => void;
  confirmLabel: string;
  /** Without it the confirm button submits the form it sits in. */
  onConfirm?: () => void;
  /** The action is running: the confirm button is disabled (and shows `busyLabel` when given). */
  busy?: boolean;
  busyLabel?: string;
  /** A red confirm button: the action destroys or cuts something off. */
  danger?: boolean;
  /** Cancel takes focus when a dialog opens (see useDialogFocus): Enter must not confirm by accident. */
  focusCancel?: boolean;
}

/** The Cancel / confirm pair at the end of a form or a dialog, confirm last (the end of the line). */
export function FormActions({
  cancelLabel,
  onCancel,
  confirmLabel,
  onConfirm,
  busy = false,
  busyLabel,
  danger = false,
  focusCancel = false,
}: FormActionsProps) {
  return (
    <div className="form-actions">
      <button
        type="button"
        className="button button--quiet"
        onClick={onCancel}
        data-autofocus={focusCancel ? true : undefined}
      >
        {cancelLabel}
      </button>
      <button
        type={onConfirm ? 'button' : 'submit'}
        className={danger ? 'button button--danger' : 'button'}
        disabled={busy}
        onClick={onConfirm}
      >
        {busy && busyLabel ? busyLabel : confirmLabel}
      </button>
    </div>
  );
}
