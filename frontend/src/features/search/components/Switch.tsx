import { useId } from 'react';

/** An on/off setting: a checkbox with role="switch", its label and an optional hint. */
export function Switch({
  label,
  hint,
  checked,
  onChange,
  disabled = false,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="switch">
      <span className="switch__text">
        <label htmlFor={id} className="switch__label">
          {label}
        </label>
        {hint ? (
          <span id={hintId} className="switch__hint muted">
            {hint}
          </span>
        ) : null}
      </span>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch__input"
        checked={checked}
        disabled={disabled}
        aria-checked={checked}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
    </div>
  );
}
