import { VerificationNotice } from '@/features/auth';
import { HomeFeed } from '@/features/feed';
import { useTranslation } from '@/i18n/useTranslation';

/** Home (/ and /home): the verification banner, then the feed. */
export default function HomeScreen() {
  const { t } = useTranslation();
  return (
    <section className="page home" aria-labelledby="screen-title">
      <VerificationNotice />
      <h1 id="screen-title" className="visually-hidden">
        {t('screens.home')}
      </h1>
      <HomeFeed />
    </section>
  );
}
