import { type FormEvent, type RefObject, useId } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { SearchIcon } from '@/ui/icons';

import { QUESTION_MAX_LENGTH } from '../limits';
import { isQuestion } from '../question';
import { usePeopleCombobox } from './PeopleTypeahead';

export interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Called with the trimmed text; never with blank text. */
  onSubmit: (text: string) => void;
  /** A search or an AI answer is on its way: the button waits. */
  busy: boolean;
  placeholder: string;
  inputRef?: RefObject<HTMLInputElement | null>;
  /** A line under the box (what to type), announced with it. */
  hint?: string | null;
  className?: string;
}

/**
 * §2 search box: the button reads 'Ask AI' when the text looks like a question (§5) and 'Search'
 * otherwise; Enter submits; blank text or a request in flight disables it. As the member types,
 * the people whose name starts with the text show under it (usePeopleCombobox).
 */
export function SearchBox({ value, onChange, onSubmit, busy, placeholder, inputRef, hint, className }: SearchBoxProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const question = isQuestion(value);
  const blank = value.trim() === '';
  const people = usePeopleCombobox(value);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || busy) return;
    people.close();
    onSubmit(value.trim());
  };

  return (
    <form role="search" className={`search-box${className ? ` ${className}` : ''}`} onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        {t('search.box.label')}
      </label>
      <div className="search-box__row">
        <SearchIcon />
        {/* type=text, not search: the role stays textbox and the browser adds no clear button of its own. */}
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          inputMode="search"
          enterKeyHint={question ? 'send' : 'search'}
          className="search-box__input"
          dir="auto"
          autoComplete="off"
          maxLength={QUESTION_MAX_LENGTH}
          placeholder={placeholder}
          value={value}
          aria-describedby={hint || question ? hintId : undefined}
          {...people.inputProps}
          onChange={(event) => {
            onChange(event.target.value);
            people.typed();
          }}
        />
        <button type="submit" className="button search-box__button" disabled={blank || busy} aria-busy={busy}>
          {question ? t('search.box.askAi') : t('search.box.search')}
        </button>
      </div>
      {people.list}
      {hint || question ? (
        <p id={hintId} className="search-box__hint muted">
          {hint ?? t('search.box.questionHint')}
        </p>
      ) : null}
    </form>
  );
}
