import { Link } from 'react-router-dom';

import { useTranslation } from '@/i18n/useTranslation';

import { DebugConsole } from './debug/DebugConsole';
import { StatusPanel } from './StatusPanel';

/** /auth-debug: the server's status and the auth debug console, reachable without signing in. */
export default function AuthDebugScreen() {
  const { t } = useTranslation();
  return (
    <main className="page page--center">
      <h1>{t('status.title')}</h1>
      <p className="muted">
        {t('app.brand')} · {t('app.tagline')}
      </p>
      <StatusPanel />
      <DebugConsole />
      <Link to="/" className="link-button">
        {t('notFound.goHome')}
      </Link>
    </main>
  );
}
