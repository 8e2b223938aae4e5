import './text-field.css';

import {
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from 'react';

import { useTranslation } from '@/i18n/useTranslation';

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
function useFieldIds(hint: ReactNode, error: string | undefined, describedBy: string | undefined, invalid = false) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [hint ? hintId : '', error ? errorId : '', describedBy ?? ''].filter(Boolean).join(' ');
  return {
    id,
    hintId,
    errorId,
    inputAria: { 'aria-invalid': error || invalid ? true : undefined, 'aria-describedby': described || undefined },
  };
}

function FieldShell(props: {
  id: string;
  label: string;
  hideLabel?: boolean | undefined;
  hint?: ReactNode;
  hintId: string;
  hintClassName?: string | undefined;
  error?: string | undefined;
  errorId: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label className={props.hideLabel ? 'visually-hidden' : 'field__label'} htmlFor={props.id}>
        {props.label}
      </label>
      {props.children}
      {props.hint ? (
        <p id={props.hintId} className={props.hintClassName ? `field__hint ${props.hintClassName}` : 'field__hint'}>
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
export function TextField({
  label,
  value,
  onValueChange,
  error,
  hint,
  describedBy,
  type = 'text',
  ...rest
}: TextFieldProps) {
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

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'id'>;

export interface TextAreaFieldProps extends TextAreaProps {
  label: string;
  /** The label is read to screen readers only (the surrounding UI already says what to type). */
  hideLabel?: boolean;
  value: string;
  onValueChange: (value: string) => void;
  /** Already translated error text. */
  error?: string | undefined;
  /** Text under the field, e.g. a live 'n/max' counter; linked to the field like the error. */
  hint?: ReactNode;
  hintClassName?: string | undefined;
  /** Marks the field invalid without an error text (e.g. a counter already over its limit). */
  invalid?: boolean;
  describedBy?: string | undefined;
}

/** A labelled multi-line field with the same hint, error and aria wiring as TextField. */
export function TextAreaField({
  label,
  hideLabel,
  value,
  onValueChange,
  error,
  hint,
  hintClassName,
  invalid,
  describedBy,
  className,
  ...rest
}: TextAreaFieldProps) {
  const { id, hintId, errorId, inputAria } = useFieldIds(hint, error, describedBy, invalid);
  return (
    <FieldShell
      id={id}
      label={label}
      hideLabel={hideLabel}
      hint={hint}
      hintId={hintId}
      hintClassName={hintClassName}
      error={error}
      errorId={errorId}
    >
      <textarea
        dir="auto"
        {...rest}
        {...inputAria}
        id={id}
        className={
          className ? `field__input field__input--multiline ${className}` : 'field__input field__input--multiline'
        }
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
      />
    </FieldShell>
  );
}
