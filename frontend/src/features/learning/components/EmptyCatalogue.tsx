import { useTranslation } from '@/i18n/useTranslation';

/** §2 empty state with a Clear Filters action. */
export function EmptyCatalogue({ onClear }: { onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="learning-empty">
      <h2>{t('learning.empty.title')}</h2>
      <p className="muted">{t('learning.empty.body')}</p>
      <button type="button" className="button" onClick={onClear}>
        {t('learning.filters.clear')}
      </button>
    </div>
  );
}
