import { useMemo } from 'react';

import { numberFormat } from '@/i18n/formatters';
import { useTranslation } from '@/i18n/useTranslation';

/** Counts in the reader's language and digits, compact past a thousand (1.2K, ١٫٢ ألف). */
export function useFormatCount(): (n: number) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = numberFormat(i18n.language, { notation: 'compact', maximumFractionDigits: 1 });
    return (n: number) => format.format(Math.max(0, n));
  }, [i18n.language]);
}
