import { useTranslation } from '@/i18n/useTranslation';

import { FORM_LIMITS, moveRule } from '../editor/communityForm';

/** The rules as an ordered list of fields: add, remove, and move each one up or down. */
export function RulesEditor({
  rules,
  onChange,
  error,
}: {
  rules: string[];
  onChange: (rules: string[]) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="rules-editor">
      <legend className="field__label">{t('communities.editor.rules')}</legend>
      {rules.length === 0 ? <p className="muted">{t('communities.editor.noRules')}</p> : null}
      <ol className="rules-editor__list">
        {rules.map((rule, index) => {
          const n = index + 1;
          return (
            <li key={index} className="rules-editor__item">
              <label className="visually-hidden" htmlFor={`community-rule-${index}`}>
                {t('communities.editor.rule', { n })}
              </label>
              <input
                id={`community-rule-${index}`}
                className="field__input"
                value={rule}
                dir="auto"
                maxLength={FORM_LIMITS.rule}
                onChange={(e) => onChange(rules.map((r, i) => (i === index ? e.target.value : r)))}
              />
              <div className="rules-editor__tools">
                <button
                  type="button"
                  className="button button--quiet button--small"
                  disabled={index === 0}
                  aria-label={t('communities.editor.moveUp', { n })}
                  onClick={() => onChange(moveRule(rules, index, -1))}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="button button--quiet button--small"
                  disabled={index === rules.length - 1}
                  aria-label={t('communities.editor.moveDown', { n })}
                  onClick={() => onChange(moveRule(rules, index, 1))}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="button button--quiet button--small"
                  aria-label={t('communities.editor.removeRule', { n })}
                  onClick={() => onChange(rules.filter((_, i) => i !== index))}
                >
                  ×
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className="button button--quiet button--small"
        disabled={rules.length >= FORM_LIMITS.rules}
        onClick={() => onChange([...rules, ''])}
      >
        {t('communities.editor.addRule')}
      </button>
    </fieldset>
  );
}
