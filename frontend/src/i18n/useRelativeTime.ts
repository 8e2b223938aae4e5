import { useCallback } from 'react';

import { formatRelativeTime } from './relativeTime';
import { useTranslation } from './useTranslation';

/** Formats a timestamp as now / Nm / Nh / Nd / date in the current language. */
export function useRelativeTime(): (value: string | number | Date, now?: Date) => string {
  const { t, i18n } = useTranslation();
  return useCallback((value, now) => formatRelativeTime(value, t, i18n.language, now), [t, i18n.language]);
}
