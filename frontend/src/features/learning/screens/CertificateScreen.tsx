import '../certificates/certificate.css';

import { Link, useParams } from 'react-router-dom';

import type { ApiError } from '@/app/baseQuery';
import { isolate } from '@/i18n/formatters';
import { dateTimeFormat } from '@/i18n/formatters';
import { useTranslation } from '@/i18n/useTranslation';
import { useToast } from '@/ui/toast';

import { useGetCertificateQuery } from '../api/certificatesApi';
import { groupedCode } from '../certificates/certificateCode';
import type { CertificateView } from '../types';

/** The names and the title are the members' own words, in either script: each keeps its own direction. */

function CertificateSheet({ certificate }: { certificate: CertificateView }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => dateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(iso));
  const revoked = certificate.status === 'revoked';
  return (
    <article
      className={`certificate${revoked ? ' certificate--revoked' : ''}`}
      aria-labelledby="certificate-title"
      aria-describedby="certificate-status"
    >
      <p className="certificate__brand">DeenConnect</p>
      <h1 id="certificate-title">{t('learning.certificate.title')}</h1>
      <p id="certificate-status" className="certificate__status" role={revoked ? 'alert' : undefined}>
        {revoked ? t('learning.certificate.revoked') : t('learning.certificate.valid')}
      </p>
      {revoked && certificate.revokedAt ? (
        <p>{t('learning.certificate.revokedBody', { date: date(certificate.revokedAt) })}</p>
      ) : null}
      <p>{t('learning.certificate.certifies')}</p>
      <p className="certificate__name">
        <bdi>{certificate.learnerName}</bdi>
      </p>
      <p>{t('learning.certificate.completed')}</p>
      <p className="certificate__course">
        <bdi>{certificate.courseTitle}</bdi>
      </p>
      {certificate.teacherName ? (
        <p>{t('learning.certificate.taughtBy', { name: isolate(certificate.teacherName) })}</p>
      ) : null}
      <dl className="certificate__facts">
        <div>
          <dt>{t('learning.certificate.completedOn')}</dt>
          <dd>{date(certificate.completedAt)}</dd>
        </div>
        <div>
          <dt>{t('learning.certificate.code')}</dt>
          <dd className="certificate__code" dir="ltr">
            {groupedCode(certificate.id)}
          </dd>
        </div>
      </dl>
      {revoked ? null : <p className="muted">{t('learning.certificate.verified')}</p>}
    </article>
  );
}

/**
 * /certificates/:id — a certificate of completion (issue 40) as anyone with its link sees it, a guest
 * included: valid or revoked. Printing (or saving as PDF from the print dialog) gives the sheet alone.
 */
export default function CertificateScreen() {
  const { t } = useTranslation();
  const toast = useToast();
  const { id = '' } = useParams();
  const { data, isLoading, isError, error, refetch } = useGetCertificateQuery(id);

  if (isLoading)
    return (
      <div className="page certificate-page" role="status" aria-label={t('learning.certificate.loading')}>
        <span className="skeleton" style={{ inlineSize: '100%', maxInlineSize: '46rem', aspectRatio: '1.41' }} />
      </div>
    );
  if (!data) {
    if (isError && (error as ApiError | undefined)?.status !== 404)
      return (
        <section className="page page--center" role="alert">
          <p>{t('learning.certificate.failed')}</p>
          <button type="button" className="button" onClick={() => void refetch()}>
            {t('learning.certificate.retry')}
          </button>
        </section>
      );
    return (
      <section className="page page--center">
        <h1>{t('learning.certificate.notFoundTitle')}</h1>
        <p className="muted">{t('learning.certificate.notFoundBody')}</p>
        <Link to="/learning" className="button">
          {t('learning.detail.back')}
        </Link>
      </section>
    );
  }

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      toast(t('learning.certificate.linkCopied'), 'success');
    } catch {
      toast(t('learning.certificate.copyFailed'), 'error');
    }
  };

  return (
    <div className="page certificate-page">
      <CertificateSheet certificate={data} />
      <div className="certificate__actions">
        {data.status === 'valid' ? (
          <>
            <button type="button" className="button" onClick={() => window.print()}>
              {t('learning.certificate.print')}
            </button>
            <button type="button" className="button button--quiet" onClick={() => void copyLink()}>
              {t('learning.certificate.copyLink')}
            </button>
          </>
        ) : null}
        <Link to={`/course/${encodeURIComponent(data.courseId)}`} className="button button--quiet">
          {t('learning.certificate.seeCourse')}
        </Link>
      </div>
    </div>
  );
}
