import { useTranslation } from '@/i18n/useTranslation';
import { useLoadMore } from '@/ui/useLoadMore';

/** The end of an infinite list: loads the next page when scrolled into view, or on the button. */
export function LoadMore({ onLoad, loading }: { onLoad: () => void; loading: boolean }) {
  const { t } = useTranslation();
  // Armed once; a sighting while a page is on its way (or after it failed) waits for scrolling or the button.
  const sentinel = useLoadMore<HTMLDivElement>(() => {
    if (!loading) onLoad();
  }, true);
  return (
    <div ref={sentinel} className="profile-load-more">
      <button type="button" className="button button--quiet" disabled={loading} onClick={onLoad}>
        {loading ? t('app.loading') : t('profile.loadMore')}
      </button>
    </div>
  );
}
