import { useTranslation } from 'react-i18next';

export function ScreenLoading({ labelKey = 'app.loading' }: { labelKey?: string }) {
  const { t } = useTranslation();
  return (
    <div className="screen-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{t(labelKey)}</span>
    </div>
  );
}
