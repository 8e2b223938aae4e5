import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The end of an infinite list: loads the next page when scrolled into view, or on the button. */
export function LoadMore({ onLoad, loading }: { onLoad: () => void; loading: boolean }) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  // The observer outlives renders; it reads the current callback and state through this ref.
  const latest = useRef(() => {});
  latest.current = () => {
    if (!loading) onLoad();
  };

  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) latest.current();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={sentinel} className="profile-load-more">
      <button type="button" className="button button--quiet" disabled={loading} onClick={onLoad}>
        {loading ? t('app.loading') : t('profile.loadMore')}
      </button>
    </div>
  );
}
