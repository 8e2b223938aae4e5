import type { ReactNode } from 'react';

/**
 * A queue's status filter (reports open/closed, appeals pending/decided): one radio a status, and
 * choosing one starts the list again from its first page (`onChange`).
 */
export function StatusFilter<S extends string>({
  legend,
  name,
  statuses,
  value,
  label,
  onChange,
}: {
  legend: string;
  name: string;
  statuses: readonly S[];
  value: S;
  label: (status: S) => ReactNode;
  onChange: (status: S) => void;
}) {
  return (
    <fieldset className="moderation-filter">
      <legend>{legend}</legend>
      {statuses.map((s) => (
        <label key={s}>
          <input type="radio" name={name} checked={value === s} onChange={() => onChange(s)} /> {label(s)}
        </label>
      ))}
    </fieldset>
  );
}
