import { useTranslation } from '@/i18n/useTranslation';

/** Placeholder rows while the first page loads. */
export function NotificationsSkeleton({ rows = 6 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div className="notifications__skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{t('notifications.loading')}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="notification-skeleton" aria-hidden="true">
          <span className="notification-skeleton__avatar" />
          <span className="notification-skeleton__lines">
            <span />
            <span />
          </span>
        </div>
      ))}
    </div>
  );
}
