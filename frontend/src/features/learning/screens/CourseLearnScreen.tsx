import '../learning.css';

import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';

import { serverMessage } from '@/app/baseQuery';
import { useTranslation } from '@/i18n/useTranslation';
import { useToast } from '@/ui/toast';

import { useCompleteLessonMutation, useGetLearnViewQuery } from '../api/catalogueApi';
import { LessonRow } from '../components/Curriculum';
import { CourseCompletePanel } from '../learn/CourseCompletePanel';
import { LessonPlayer } from '../learn/LessonPlayer';
import type { LearnLesson, LearnView } from '../types';

/** The lesson to show: the one asked for, else where the student resumes, else the first open one. */
function pickLesson(view: LearnView, asked: string | null): LearnLesson | undefined {
  const lessons = view.sections.flatMap((s) => s.lessons);
  return (
    lessons.find((l) => l.id === asked) ??
    lessons.find((l) => l.id === view.currentLessonId) ??
    lessons.find((l) => !l.locked) ??
    lessons[0]
  );
}

/** /course/:id/learn — the player, the lesson list, progress, Mark complete and Next (§2 continue learning). */
export default function CourseLearnScreen() {
  const { t } = useTranslation();
  const toast = useToast();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { data: view, isLoading, isError } = useGetLearnViewQuery(id);
  const [complete, completeState] = useCompleteLessonMutation();
  // The lesson just marked complete finished the course: the congratulations take the focus.
  const [justCompleted, setJustCompleted] = useState(false);
  const shownId = view ? pickLesson(view, params.get('lesson'))?.id : undefined;

  // The lesson opened stays open when completing it moves the resume point on: the address names it.
  useEffect(() => {
    if (shownId && !params.get('lesson')) setParams({ lesson: shownId }, { replace: true });
  }, [shownId]);

  if (isLoading)
    return (
      <div className="page page--wide" role="status" aria-label={t('learning.learn.loading')}>
        <span className="skeleton" style={{ aspectRatio: '16 / 9' }} />
      </div>
    );
  if (!view)
    return (
      <section className="page page--center">
        <h1>{t('learning.detail.notFoundTitle')}</h1>
        <p className="muted">{isError ? t('learning.detail.notFoundBody') : null}</p>
        <Link to="/learning" className="button">
          {t('learning.detail.back')}
        </Link>
      </section>
    );

  const lessons = view.sections.flatMap((s) => s.lessons);
  const lesson = pickLesson(view, params.get('lesson'));
  const index = lesson ? lessons.indexOf(lesson) : -1;
  const next = lessons.slice(index + 1).find((l) => !l.locked);
  const resumeAt = lesson && view.position?.lessonId === lesson.id ? view.position.seconds : 0;
  const goTo = (lessonId: string) => setParams({ lesson: lessonId }, { replace: false });
  // Not the server's resume point: that follows the last saved position, which may be a lesson
  // already done. Only a student has somewhere to continue.
  const continueId = view.enrolled ? lessons.find((l) => !l.completed)?.id : undefined;

  return (
    <div className="page page--wide learn">
      <div className="learn__main">
        <Link to={`/course/${encodeURIComponent(id)}`} className="course-detail__back">
          {t('learning.learn.backToCourse')}
        </Link>
        <h1>{view.course.title}</h1>
        {lesson ? (
          <>
            <h2>{lesson.title}</h2>
            <div className="learn__player">
              <LessonPlayer courseId={id} lesson={lesson} resumeAt={resumeAt} track={view.enrolled} />
            </div>
            <div className="learn__actions">
              {view.enrolled ? (
                lesson.completed ? (
                  <span className="apply-status">{t('learning.learn.completedLabel')}</span>
                ) : (
                  <button
                    type="button"
                    className="button"
                    disabled={completeState.isLoading || !lesson.content}
                    onClick={async () => {
                      const result = await complete({ courseId: id, lessonId: lesson.id });
                      if (result.data?.completed) setJustCompleted(true);
                      if ('error' in result)
                        toast(
                          serverMessage(result.error) ?? t('learning.learn.completeFailed'),
                          'error',
                          t('learning.learn.completeFailed'),
                        );
                    }}
                  >
                    {t('learning.learn.markComplete')}
                  </button>
                )
              ) : null}
              {next ? (
                <button type="button" className="button button--quiet" onClick={() => goTo(next.id)}>
                  {t('learning.learn.next')}
                </button>
              ) : null}
            </div>
          </>
        ) : (
          <p>{t('learning.learn.noLesson')}</p>
        )}
        {view.enrolled && view.completed ? (
          <CourseCompletePanel
            courseId={id}
            courseTitle={view.course.title}
            certificateId={view.certificateId ?? null}
            justCompleted={justCompleted}
          />
        ) : null}
      </div>
      <aside className="card learn__side" aria-labelledby="lessons-title">
        {view.progress ? (
          <div className="progress">
            <span className="field__label" id="progress-label">
              {t('learning.learn.progress')}
            </span>
            <progress max={100} value={view.progress.percent} aria-labelledby="progress-label" />
            <span className="muted">
              {t('learning.learn.progressText', { completed: view.progress.completed, count: view.progress.total })}
            </span>
          </div>
        ) : null}
        <h2 id="lessons-title">{t('learning.learn.lessons')}</h2>
        {view.sections.map((section) => (
          <div key={section.id}>
            <h3 className="form__title">{section.title}</h3>
            <ul className="curriculum__lessons">
              {section.lessons.map((l) => (
                <li key={l.id}>
                  <LessonRow
                    courseId={id}
                    lesson={{ ...l, isCurrent: l.id === continueId }}
                    open={l.id === lesson?.id}
                  />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </aside>
    </div>
  );
}
