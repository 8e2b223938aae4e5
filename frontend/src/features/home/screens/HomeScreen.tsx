import { useTranslation } from 'react-i18next';
import { VerificationNotice } from '../../auth/components/VerificationNotice';

/** Home: the verification banner now; the feed comes with the posts work. */
export default function HomeScreen() {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="screen-title">
      <VerificationNotice />
      <h1 id="screen-title">{t('screens.home')}</h1>
      <p className="muted">{t('screens.building')}</p>
    </section>
  );
}
