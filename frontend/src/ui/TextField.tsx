import { useId, useState, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './icons';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'>;

export interface TextFieldProps extends InputProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Already translated error text. */
  error?: string | undefined;
  hint?: string | undefined;
  describedBy?: string | undefined;
}

/** Ids and aria wiring shared by every field: label, hint and error linked to the input. */
function useFieldIds(hint: string | undefined, error: string | undefined, describedBy: string | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [hint ? hintId : '', error ? errorId : '', describedBy ?? ''].filter(Boolean).join(' ');
  return { id, hintId, errorId, inputAria: { 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined } };
}

function FieldShell(props: { id: string; label: string; hint?: string | undefined; hintId: string; error?: string | undefined; errorId: string; children: ReactNode }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={props.id}>
        {props.label}
      </label>
      {props.children}
      {props.hint ? (
        <p id={props.hintId} className="field__hint">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={props.errorId} className="field__error" role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input with its error announced and linked through aria-describedby. */
export function TextField({ label, value, onValueChange, error, hint, describedBy, type = 'text', ...rest }: TextFieldProps) {
  const { id, hintId, errorId, inputAria } = useFieldIds(hint, error, describedBy);
  return (
    <FieldShell id={id} label={label} hint={hint} hintId={hintId} error={error} errorId={errorId}>
      <input
        {...rest}
        {...inputAria}
        id={id}
        type={type}
        className="field__input"
        value={value}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onValueChange(e.target.value)}
      />
    </FieldShell>
  );
}

/** A password input with a show/hide toggle (an icon button with an accessible name). */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const { label, value, onValueChange, error, hint, describedBy, ...rest } = props;
  const { id, hintId, errorId, inputAria } = useFieldIds(hint, error, describedBy);
  return (
    <FieldShell id={id} label={label} hint={hint} hintId={hintId} error={error} errorId={errorId}>
      <div className="field__control">
        <input
          {...rest}
          {...inputAria}
          id={id}
          type={visible ? 'text' : 'password'}
          className="field__input"
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
        />
        <button
          type="button"
          className="icon-button field__toggle"
          aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </FieldShell>
  );
}
