import { Link } from 'react-router-dom';

import { useTranslation } from '@/i18n/useTranslation';

/** Unknown user: 'User not found' with a way to search for members. */
export function ProfileNotFound({ username }: { username: string }) {
  const { t } = useTranslation();
  return (
    <section className="page page--center" aria-labelledby="profile-not-found">
      <h1 id="profile-not-found">{t('profile.notFound.title')}</h1>
      <p className="muted">{t('profile.notFound.body', { username })}</p>
      <div className="page__actions">
        <Link to="/search" className="button">
          {t('profile.notFound.search')}
        </Link>
      </div>
    </section>
  );
}
