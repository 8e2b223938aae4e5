import type { TranslationKey } from '@/i18n';
import { useTranslation } from '@/i18n/useTranslation';

export function ScreenLoading({ labelKey = 'app.loading' }: { labelKey?: TranslationKey }) {
  const { t } = useTranslation();
  return (
    <div className="screen-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{t(labelKey)}</span>
    </div>
  );
}
