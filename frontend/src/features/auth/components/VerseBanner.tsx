import { useEffect, useState } from 'react';

import { useTranslation } from '@/i18n/useTranslation';

export const VERSE_KEYS = ['v1', 'v2', 'v3', 'v4'] as const;
/** §9: the verse changes every 8 s. */
export const VERSE_ROTATION_MS = 8000;

export function VerseBanner() {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % VERSE_KEYS.length), VERSE_ROTATION_MS);
    return () => window.clearInterval(timer);
  }, []);
  const key = VERSE_KEYS[index] ?? 'v1';
  return (
    <figure className="verse" aria-label={t('verses.label')}>
      <blockquote className="verse__text">{t(`verses.${key}.text`)}</blockquote>
      <figcaption className="verse__ref">{t(`verses.${key}.ref`)}</figcaption>
    </figure>
  );
}
