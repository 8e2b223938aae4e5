import '../learning.css';

import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';

import type { ApiError } from '@/app/baseQuery';
import { useTranslation } from '@/i18n/useTranslation';
import { useSession } from '@/resources/session';

import { useGetCourseQuery } from '../api/catalogueApi';
import { Badges } from '../components/Badges';
import { Curriculum } from '../components/Curriculum';
import { MobileBuyBar } from '../components/MobileBuyBar';
import { PurchaseOptions } from '../components/PurchaseOptions';
import { Rating } from '../components/Rating';
import { Reviews } from '../components/Reviews';
import { useDetailPurchase } from '../hooks/useDetailPurchase';

function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('learning.detail.loading')} className="page page--wide">
      <span className="skeleton skeleton--line" />
      <span className="skeleton" style={{ blockSize: '2rem', marginBlock: '1rem' }} />
      <span className="skeleton" style={{ aspectRatio: '16 / 9' }} />
      <span className="skeleton skeleton--line" />
      <span className="skeleton skeleton--line skeleton--short" />
    </div>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="page page--center">
      <h1>{t('learning.detail.notFoundTitle')}</h1>
      <p className="muted">{t('learning.detail.notFoundBody')}</p>
      <Link to="/learning" className="button">
        {t('learning.detail.back')}
      </Link>
    </section>
  );
}

/** /course/:id — spec part 2 §2 Course detail; §4: loading skeleton, error or not found, loaded. */
export default function CourseDetailScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data: course, isLoading, isError, error, refetch } = useGetCourseQuery(id);
  const purchase = useDetailPurchase(course);
  const session = useSession();
  const viewerId = session.user?.id ?? null;
  const seenViewer = useRef<string | null | undefined>(undefined);

  // The locks, the cart and the owned state are the viewer's: signing in or out asks again.
  useEffect(() => {
    if (session.isLoading) return;
    if (seenViewer.current !== undefined && seenViewer.current !== viewerId && course) void refetch();
    seenViewer.current = viewerId;
  }, [session.isLoading, viewerId]);

  if (isLoading) return <DetailSkeleton />;
  if (!course) {
    if (isError && (error as ApiError | undefined)?.status !== 404)
      return (
        <section className="page page--center" role="alert">
          <p>{t('errors.error')}</p>
          <button type="button" className="button" onClick={() => void refetch()}>
            {t('errors.tryAgain')}
          </button>
        </section>
      );
    return <NotFound />;
  }

  return (
    <article className="page page--wide course-detail" aria-labelledby="course-title">
      <div className="course-detail__main">
        <Link to="/learning" className="course-detail__back">
          {t('learning.detail.back')}
        </Link>
        <header className="course-detail__hero">
          <p className="course-card__tags">
            <span className="course-category">{t(`learning.category.${course.category}`)}</span>
            <Badges badges={course.badges} only="best_seller" />
          </p>
          <h1 id="course-title">{course.title}</h1>
          <div className="course-detail__meta">
            <Rating rating={course.rating} students={course.totalStudents} />
            <span>{t('learning.detail.createdBy', { name: course.vendor.user.name })}</span>
          </div>
        </header>
        {course.previewVideoUrl ? (
          <div className="course-detail__preview">
            <video src={course.previewVideoUrl} controls preload="metadata" aria-label={t('learning.detail.preview')} />
          </div>
        ) : null}
        <section aria-labelledby="about-title">
          <h2 id="about-title">{t('learning.detail.about')}</h2>
          <p dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
            {course.description}
          </p>
        </section>
        {course.whatYouWillLearn.length > 0 ? (
          <section aria-labelledby="outcomes-title">
            <h2 id="outcomes-title">{t('learning.detail.whatYouWillLearn')}</h2>
            <ul className="outcomes">
              {course.whatYouWillLearn.map((point, i) => (
                <li key={i} dir="auto">
                  {point}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <Curriculum courseId={course.id} sections={course.sections} totals={course.totals} />
        <section aria-labelledby="instructor-title">
          <h2 id="instructor-title">{t('learning.detail.instructor')}</h2>
          <p>
            <strong>{course.vendor.user.name}</strong>
          </p>
          <p dir="auto">{course.vendor.bio.trim() || t('learning.detail.defaultBio')}</p>
        </section>
        <Reviews course={course} />
      </div>
      <aside className="card purchase-panel purchase-panel--desktop" aria-label={t('learning.detail.purchaseOptions')}>
        <PurchaseOptions course={course} purchase={purchase} />
      </aside>
      <MobileBuyBar course={course} purchase={purchase} />
    </article>
  );
}
