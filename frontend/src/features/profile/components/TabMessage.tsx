import { useTranslation } from '@/i18n/useTranslation';

/**
 * An empty, private or failed tab: a short title and an explanation. `onRetry` adds the Try again
 * button of a tab that failed to load.
 */
export function TabMessage({ title, body, onRetry }: { title: string; body?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="profile-tab-message">
      <p className="profile-tab-message__title">{title}</p>
      {body ? <p className="muted">{body}</p> : null}
      {onRetry ? (
        <button type="button" className="button button--quiet" onClick={onRetry}>
          {t('errors.tryAgain')}
        </button>
      ) : null}
    </div>
  );
}
