import { Link } from 'react-router-dom';

import { useTranslation } from '@/i18n/useTranslation';

/** A community that does not exist (or a slug mistyped). */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="page page--center">
      <h1>{t('communities.detail.notFound')}</h1>
      <p className="muted">{t('communities.detail.notFoundBody')}</p>
      <Link to="/communities" className="button">
        {t('communities.detail.back')}
      </Link>
    </section>
  );
}
