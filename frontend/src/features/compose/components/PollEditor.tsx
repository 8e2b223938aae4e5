import { useTranslation } from '@/i18n/useTranslation';
import { CloseIcon, PlusIcon } from '@/ui/icons';

import { COMPOSE_LIMITS } from '../limits';

interface Props {
  options: string[];
  disabled: boolean;
  onChange: (index: number, text: string) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}

/** §3/§5 poll: 2 to 4 option texts; the post's text is the question. */
export function PollEditor({ options, disabled, onChange, onAdd, onRemove }: Props) {
  const { t } = useTranslation();
  return (
    <fieldset className="compose__poll">
      <legend>{t('compose.poll.title')}</legend>
      {options.map((option, index) => {
        const n = index + 1;
        return (
          <div key={index} className="compose__poll-row">
            <input
              className="field__input"
              aria-label={t('compose.poll.option', { n })}
              placeholder={t(
                n <= COMPOSE_LIMITS.pollMinOptions
                  ? 'compose.poll.optionPlaceholder'
                  : 'compose.poll.optionalPlaceholder',
                { n },
              )}
              value={option}
              maxLength={COMPOSE_LIMITS.pollOptionMax}
              disabled={disabled}
              onChange={(e) => onChange(index, e.target.value)}
            />
            {options.length > COMPOSE_LIMITS.pollMinOptions ? (
              <button
                type="button"
                className="icon-button"
                aria-label={t('compose.poll.removeOption', { n })}
                disabled={disabled}
                onClick={() => onRemove(index)}
              >
                <CloseIcon />
              </button>
            ) : null}
          </div>
        );
      })}
      {options.length < COMPOSE_LIMITS.pollMaxOptions ? (
        <button type="button" className="link-button compose__add-option" disabled={disabled} onClick={onAdd}>
          <PlusIcon /> {t('compose.poll.addOption')}
        </button>
      ) : null}
    </fieldset>
  );
}
