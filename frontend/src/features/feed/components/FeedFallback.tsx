import { useTranslation } from '@/i18n/useTranslation';

/** §2: 'You're offline' or 'Something went wrong', each with Try again. */
export function FeedFallback({
  offline,
  detail,
  onRetry,
}: {
  offline: boolean;
  detail?: string | undefined;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="feed-state" role="alert">
      <h2 className="feed-state__title">{offline ? t('feed.offline') : t('feed.error')}</h2>
      <p className="muted">{offline ? t('feed.offlineBody') : detail}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('errors.tryAgain')}
      </button>
    </div>
  );
}
