import { useTranslation } from '@/i18n/useTranslation';

import { readReportReason } from '../report-reasons';

/**
 * One report's reason as a moderator reads it: the category in the screen's language, then the
 * reporter's words isolated (an English note inside an Arabic line keeps its own direction).
 */
export function ReportReason({ text }: { text: string }) {
  const { t } = useTranslation();
  const { reason, details } = readReportReason(text);
  if (!reason) return <bdi>{text}</bdi>;
  return (
    <>
      {t(`posts.report.reasons.${reason}`)}
      {details ? (
        <>
          {': '}
          <bdi>{details}</bdi>
        </>
      ) : null}
    </>
  );
}
