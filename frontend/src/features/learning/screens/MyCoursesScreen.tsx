import '../learning.css';

import { skipToken } from '@reduxjs/toolkit/query';
import { Link } from 'react-router-dom';

import { useTranslation } from '@/i18n/useTranslation';
import { useSession } from '@/resources/session';
import { SkeletonRows } from '@/ui/SkeletonRows';

import { useGetStudentCoursesQuery } from '../api/studentApi';
import { certificatePath } from '../certificates/certificateCode';
import { LearningNav } from '../components/LearningNav';
import { SignInPrompt } from '../components/SignInPrompt';

/** /my-courses — what the member is enrolled in, with progress and Continue; a finished course, Completed and its certificate. */
export default function MyCoursesScreen() {
  const { t } = useTranslation();
  const { user, isLoading: sessionLoading } = useSession();
  const list = useGetStudentCoursesQuery(user ? undefined : skipToken);
  return (
    <section className="page page--wide" aria-labelledby="my-courses-title">
      <h1 id="my-courses-title">{t('learning.myCourses.title')}</h1>
      <LearningNav />
      {!user && !sessionLoading ? (
        <SignInPrompt text={t('learning.myCourses.signIn')} button={t('learning.cart.signInButton')} />
      ) : !list.data ? (
        <SkeletonRows count={3} label={t('learning.myCourses.loading')} className="line-list" block="line-skeleton" />
      ) : list.data.length === 0 ? (
        <div className="learning-empty">
          <h2>{t('learning.myCourses.empty')}</h2>
          <Link to="/learning" className="button">
            {t('learning.myCourses.browse')}
          </Link>
        </div>
      ) : (
        <ul className="line-list" aria-labelledby="my-courses-title">
          {list.data.map(({ course, progress, currentLessonId, completed, certificateId }) => {
            const learn = `/course/${encodeURIComponent(course.id)}/learn${currentLessonId ? `?lesson=${encodeURIComponent(currentLessonId)}` : ''}`;
            return (
              <li key={course.id} className="card line-item">
                <span className="line-item__thumb">
                  {course.thumbnailImage ? <img src={course.thumbnailImage} alt="" /> : null}
                </span>
                <div className="progress">
                  <h2>
                    <Link to={`/course/${encodeURIComponent(course.id)}`}>{course.title}</Link>
                  </h2>
                  <progress
                    max={100}
                    value={progress.percent}
                    aria-label={t('learning.myCourses.progress', { percent: progress.percent })}
                  />
                  {completed ? (
                    <span className="apply-status">{t('learning.myCourses.completed')}</span>
                  ) : (
                    <span className="muted">{t('learning.myCourses.progress', { percent: progress.percent })}</span>
                  )}
                </div>
                {certificateId ? (
                  <Link
                    to={certificatePath(certificateId)}
                    className="button"
                    aria-label={`${t('learning.myCourses.viewCertificate')}: ${course.title}`}
                  >
                    {t('learning.myCourses.viewCertificate')}
                  </Link>
                ) : null}
                <Link
                  to={learn}
                  className={certificateId ? 'button button--quiet' : 'button'}
                  aria-label={`${t('learning.myCourses.continue')}: ${course.title}`}
                >
                  {t('learning.myCourses.continue')}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
