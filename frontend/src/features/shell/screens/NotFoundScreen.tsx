import { Link, useNavigate } from 'react-router-dom';

import { useTranslation } from '@/i18n/useTranslation';

export default function NotFoundScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="page page--center" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p className="muted">{t('notFound.body')}</p>
      <div className="page__actions">
        <Link to="/" className="button">
          {t('notFound.goHome')}
        </Link>
        <button type="button" className="button button--quiet" onClick={() => navigate(-1)}>
          {t('notFound.goBack')}
        </button>
      </div>
    </section>
  );
}
