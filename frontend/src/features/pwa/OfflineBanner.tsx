import './pwa.css';

import { useTranslation } from '@/i18n/useTranslation';
import { useOnline } from '@/ui/useOnline';

/** While the browser is offline: what is shown was saved earlier, and nothing can be sent. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <p className="offline-banner" role="status">
      {t('pwa.offline')}
    </p>
  );
}
