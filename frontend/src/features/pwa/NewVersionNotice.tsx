import './pwa.css';

import { useEffect, useState } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { whenIdle } from '@/ui/whenIdle';

/**
 * Installs the service worker (production builds, where the browser has them) and, when a new
 * version of the app is waiting, says so: it opens on the next visit, or now with "Reload".
 */
export function NewVersionNotice() {
  const { t } = useTranslation();
  const [takeOver, setTakeOver] = useState<(() => void) | null>(null);
  useEffect(() => {
    // Not in development builds: a cached shell would hide the changes being made.
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
    // After first paint and once the page is idle: registering earlier would compete with the first load.
    return whenIdle(
      () => {
        import('./serviceWorker')
          .then(({ registerServiceWorker }) => registerServiceWorker((apply) => setTakeOver(() => apply)))
          .catch((error: unknown) => console.error('service worker registration failed', error));
      },
      { timeout: 4000, fallback: 1500 },
    );
  }, []);
  if (!takeOver) return null;
  return (
    <div className="new-version" role="status">
      <span>{t('pwa.newVersion')}</span>
      <button type="button" className="button button--small" onClick={takeOver}>
        {t('pwa.reload')}
      </button>
      <button type="button" className="new-version__later" onClick={() => setTakeOver(null)}>
        {t('pwa.later')}
      </button>
    </div>
  );
}
