import '../learning.css';

import { skipToken } from '@reduxjs/toolkit/query';
import { Link } from 'react-router-dom';

import { useTranslation } from '@/i18n/useTranslation';
import { useSession } from '@/resources/session';
import { SkeletonRows } from '@/ui/SkeletonRows';

import { useGetVendorCoursesQuery } from '../api/teachApi';
import { useGetVendorStatusQuery } from '../api/vendorApi';
import { LearningNav } from '../components/LearningNav';

/** /teach — a teacher's own courses (drafts too) with their state, students and rating. */
export default function TeachScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const status = useGetVendorStatusQuery(user ? undefined : skipToken);
  const isVendor = status.data?.isVendor === true;
  const courses = useGetVendorCoursesQuery(isVendor ? undefined : skipToken);
  return (
    <section className="page page--wide" aria-labelledby="teach-title">
      <div className="learning__head">
        <h1 id="teach-title">{t('learning.teach.title')}</h1>
        {isVendor ? (
          <Link to="/teach/new" className="button">
            {t('learning.teach.new')}
          </Link>
        ) : null}
      </div>
      <LearningNav />
      {status.isLoading ? null : !isVendor ? (
        <p className="learning-empty">{t('learning.teach.notVendor')}</p>
      ) : !courses.data ? (
        <SkeletonRows count={3} label={t('learning.teach.loading')} className="line-list" block="line-skeleton" />
      ) : courses.data.length === 0 ? (
        <p className="learning-empty">{t('learning.teach.empty')}</p>
      ) : (
        <ul className="line-list" aria-labelledby="teach-title">
          {courses.data.map((course) => (
            <li key={course.id} className="card line-item">
              <span className="line-item__thumb">
                {course.thumbnailImage ? <img src={course.thumbnailImage} alt="" /> : null}
              </span>
              <div>
                <h2>{course.title}</h2>
                <p>
                  <span className={course.isPublished ? 'status-pill' : 'status-pill status-pill--failed'}>
                    {course.isPublished ? t('learning.teach.published') : t('learning.teach.draft')}
                  </span>{' '}
                  <span className="muted">
                    {t('learning.teach.students', { count: course.totalStudents })} ·{' '}
                    {t('learning.teach.rating', { rating: course.rating })}
                  </span>
                </p>
              </div>
              <div className="editor__actions">
                <Link
                  to={`/teach/${encodeURIComponent(course.id)}`}
                  className="button button--quiet"
                  aria-label={`${t('learning.teach.edit')}: ${course.title}`}
                >
                  {t('learning.teach.edit')}
                </Link>
                <Link to={`/course/${encodeURIComponent(course.id)}`} className="link-button">
                  {t('learning.teach.view')}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
