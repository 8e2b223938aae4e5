import { useId } from 'react';

import { useTranslation } from '@/i18n/useTranslation';

import { captionCounter, VIDEO_POST_RULES } from './videoRules';

/** §5 caption with its counter: 'N characters left', orange under 50, red under 10. */
export function CaptionField({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const counter = captionCounter(value);
  return (
    <div className="video-compose__caption">
      <label htmlFor={id}>{t('videos.compose.caption')}</label>
      <textarea
        id={id}
        value={value}
        rows={4}
        maxLength={VIDEO_POST_RULES.captionMax}
        placeholder={t('videos.compose.captionPlaceholder')}
        disabled={disabled}
        aria-describedby={`${id}-counter`}
        onChange={(event) => onChange(event.target.value)}
      />
      <span
        id={`${id}-counter`}
        className={`video-compose__counter video-compose__counter--${counter.tone}`}
        data-tone={counter.tone}
        aria-live="polite"
      >
        {t('videos.compose.charactersLeft', { count: counter.remaining })}
      </span>
    </div>
  );
}
