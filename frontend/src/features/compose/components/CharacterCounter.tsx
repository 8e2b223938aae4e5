import { useTranslation } from '@/i18n/useTranslation';

import { COMPOSE_LIMITS } from '../limits';

/** Characters used against the maximum; warns near it and past it, and says the rest in words. */
export function CharacterCounter({ id, count, max }: { id: string; count: number; max: number }) {
  const { t } = useTranslation();
  const remaining = max - count;
  const tone = remaining < 0 ? 'over' : remaining <= COMPOSE_LIMITS.textWarnRemaining ? 'warn' : 'ok';
  return (
    <p id={id} className={`compose__counter compose__counter--${tone}`}>
      <span aria-hidden="true">{t('compose.counter', { count, max })}</span>
      <span className="visually-hidden">
        {remaining < 0
          ? t('compose.counterOver', { count: -remaining })
          : t('compose.counterHint', { count: remaining })}
      </span>
    </p>
  );
}
