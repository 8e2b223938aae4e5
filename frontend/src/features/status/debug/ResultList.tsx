import type { TranslationKey } from '@/i18n';
import { useTranslation } from '@/i18n/useTranslation';

import { type DiagnosticResult, rowTone } from './diagnostic';

function formatBody(data: unknown): string {
  if (typeof data === 'string') return data;
  try {
    return JSON.stringify(data, null, 2);
  } catch {
    return String(data);
  }
}

/** §2: the results, newest first, one coloured row each; the list scrolls above 24rem. */
export function ResultList({ rows }: { rows: readonly DiagnosticResult[] }) {
  const { t, i18n } = useTranslation();
  if (rows.length === 0) return <p className="muted">{t('authDebug.noResults')}</p>;
  return (
    <ol className="debug-results" aria-label={t('authDebug.results')} tabIndex={0}>
      {rows.map((row) => {
        const tone = rowTone(row.status);
        return (
          <li
            key={row.id}
            className={`debug-row debug-row--${tone}`}
            data-tone={tone}
            {...(row.expected !== undefined ? { 'data-expected': String(row.expected) } : {})}
          >
            <div className="debug-row__head">
              <span className="debug-row__status">
                {row.status === null
                  ? t('authDebug.note')
                  : row.status === 0
                    ? `0 · ${t('authDebug.noAnswer')}`
                    : row.status}
              </span>
              <code className="debug-row__endpoint" dir="ltr">
                {row.endpoint}
              </code>
              {row.step && (
                <span className="debug-row__step">{t(`authDebug.steps.${row.step}` as TranslationKey)}</span>
              )}
              {row.expected !== undefined && (
                <span className="debug-row__verdict">
                  {row.expected ? t('authDebug.expected') : t('authDebug.unexpected')}
                </span>
              )}
              <time className="debug-row__time" dateTime={row.timestamp}>
                {new Date(row.timestamp).toLocaleTimeString(i18n.language)}
                {row.durationMs !== undefined && ` · ${t('authDebug.duration', { ms: row.durationMs })}`}
              </time>
            </div>
            {row.error && (
              <p className="debug-row__error">
                {t('authDebug.error')}: <bdi>{row.error}</bdi>
              </p>
            )}
            {row.data !== undefined && (
              <pre className="debug-row__body" dir="ltr">
                {formatBody(row.data)}
              </pre>
            )}
          </li>
        );
      })}
    </ol>
  );
}
