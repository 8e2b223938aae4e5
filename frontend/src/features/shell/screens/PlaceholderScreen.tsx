import type { TranslationKey } from '@/i18n';
import { useTranslation } from '@/i18n/useTranslation';

/** An honest placeholder for a screen that later work builds. */
export default function PlaceholderScreen({
  titleKey,
  bodyKey = 'screens.building',
}: {
  titleKey: TranslationKey;
  bodyKey?: TranslationKey;
}) {
  const { t } = useTranslation();
  return (
    <section className="page" aria-labelledby="screen-title">
      <h1 id="screen-title">{t(titleKey)}</h1>
      <p className="muted">{t(bodyKey)}</p>
    </section>
  );
}
