import '../certificates/certificate.css';

import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';

import { serverMessage } from '@/app/baseQuery';
import { useTranslation } from '@/i18n/useTranslation';
import { useToast } from '@/ui/toast';

import { useGetCourseQuery } from '../api/catalogueApi';
import { useClaimCertificateMutation } from '../api/certificatesApi';
import { certificatePath } from '../certificates/certificateCode';
import { ReviewForm } from '../components/ReviewForm';

/**
 * Where the learn screen ends (issue 40): congratulations, the certificate of completion, and a
 * prompt to review the course (the form starts with no stars). `justCompleted`: the last lesson was
 * completed a moment ago, so the panel takes the focus and is announced.
 */
export function CourseCompletePanel({
  courseId,
  courseTitle,
  certificateId,
  justCompleted,
}: {
  courseId: string;
  courseTitle: string;
  certificateId: string | null;
  justCompleted: boolean;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const heading = useRef<HTMLHeadingElement>(null);
  // The student's own review is on the course page's answer.
  const course = useGetCourseQuery(courseId);
  const [claim, claiming] = useClaimCertificateMutation();

  useEffect(() => {
    if (justCompleted) heading.current?.focus();
  }, [justCompleted]);

  const own = course.data?.viewer.review ?? null;
  return (
    <section className="card course-complete" aria-labelledby="course-complete-title">
      <h2 id="course-complete-title" ref={heading} tabIndex={-1}>
        {t('learning.complete.title')}
      </h2>
      <p>
        {certificateId
          ? t('learning.complete.body', { course: `\u2068${courseTitle}\u2069` })
          : t('learning.complete.bodyNoCertificate', { course: `\u2068${courseTitle}\u2069` })}
      </p>
      <div className="course-complete__actions">
        {certificateId ? (
          <Link to={certificatePath(certificateId)} className="button">
            {t('learning.complete.viewCertificate')}
          </Link>
        ) : (
          <button
            type="button"
            className="button"
            disabled={claiming.isLoading}
            onClick={async () => {
              const result = await claim(courseId);
              if ('error' in result)
                toast(
                  serverMessage(result.error) ?? t('learning.complete.getFailed'),
                  'error',
                  t('learning.complete.getFailed'),
                );
            }}
          >
            {t('learning.complete.getCertificate')}
          </button>
        )}
      </div>
      {course.data ? (
        own ? (
          <p className="muted">{t('learning.complete.reviewed')}</p>
        ) : (
          <>
            <p>{t('learning.complete.reviewPrompt')}</p>
            <ReviewForm courseId={courseId} own={null} />
          </>
        )
      ) : null}
    </section>
  );
}
