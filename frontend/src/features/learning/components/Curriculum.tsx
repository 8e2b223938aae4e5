import { useState } from 'react';
import { Link } from 'react-router-dom';

import { useTranslation } from '@/i18n/useTranslation';

import { clock, hoursMinutes } from '../format';
import type { CurriculumLesson, CurriculumSection } from '../types';

/** A padlock drawn inline (emoji padlocks are missing from many fonts). */
const LockIcon = () => (
  <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </svg>
);

/** 'N sections • N lectures • Xh Ym total length' */
export function TotalsLine({
  sections,
  lessons,
  durationSec,
}: {
  sections: number;
  lessons: number;
  durationSec: number;
}) {
  const { t } = useTranslation();
  return (
    <p className="curriculum__totals">
      {t('learning.detail.totals', {
        sections: t('learning.detail.sections', { count: sections }),
        lectures: t('learning.detail.lectures', { count: lessons }),
        length: t('learning.detail.length', hoursMinutes(durationSec)),
      })}
    </p>
  );
}

/**
 * One lesson: a link when the viewer may open it (§4), dimmed and inert when locked. `open` is the
 * lesson the player shows (the learn screen); without it the row where the student resumes stands out.
 */
export function LessonRow({ courseId, lesson, open }: { courseId: string; lesson: CurriculumLesson; open?: boolean }) {
  const { t } = useTranslation();
  // A lesson already done is not where to continue, whatever position was last saved in it.
  const continueHere = lesson.isCurrent && !lesson.completed;
  const highlighted = open ?? continueHere;
  const className = ['lesson-row', lesson.locked ? 'lesson-row--locked' : '', highlighted ? 'lesson-row--current' : '']
    .filter(Boolean)
    .join(' ');
  const inner = (
    <>
      <span className="lesson-row__mark" aria-hidden="true">
        {lesson.locked ? (
          <LockIcon />
        ) : lesson.completed ? (
          '✓'
        ) : continueHere ? (
          <span className="lesson-row__play">▶</span>
        ) : (
          '•'
        )}
      </span>
      <span className="lesson-row__title">
        {lesson.title}
        {lesson.freePreview && lesson.locked === false ? (
          <span className="course-category"> {t('learning.detail.preview_badge')}</span>
        ) : null}
        {lesson.locked ? <span className="visually-hidden"> ({t('learning.detail.locked')})</span> : null}
        {lesson.completed ? <span className="visually-hidden"> ({t('learning.detail.completed')})</span> : null}
        {continueHere ? <span className="visually-hidden"> ({t('learning.detail.current')})</span> : null}
      </span>
      <span className="lesson-row__time">{clock(lesson.durationSec)}</span>
    </>
  );
  if (lesson.locked)
    return (
      <span className={className} aria-disabled="true">
        {inner}
      </span>
    );
  return (
    <Link
      className={className}
      to={`/course/${encodeURIComponent(courseId)}/learn?lesson=${encodeURIComponent(lesson.id)}`}
      aria-current={open ? 'page' : continueHere ? 'step' : undefined}
    >
      {inner}
    </Link>
  );
}

/** The Course Content accordion with the real curriculum (§2, §4: sections expand and collapse). */
export function Curriculum({
  courseId,
  sections,
  totals,
}: {
  courseId: string;
  sections: CurriculumSection[];
  totals: { sections: number; lessons: number; durationSec: number };
}) {
  const { t } = useTranslation();
  // The section the viewer resumes in starts open (else the first).
  const initial = sections.find((s) => s.lessons.some((l) => l.isCurrent))?.id ?? sections[0]?.id;
  const [open, setOpen] = useState<Set<string>>(() => new Set(initial ? [initial] : []));
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <section aria-labelledby="course-content-title" className="curriculum">
      <h2 id="course-content-title">{t('learning.detail.content')}</h2>
      <TotalsLine {...totals} />
      {sections.map((section) => {
        const expanded = open.has(section.id);
        const panelId = `section-${section.id}`;
        const length = section.lessons.reduce((sum, l) => sum + l.durationSec, 0);
        return (
          <div key={section.id} className="curriculum__section">
            <h3 className="visually-hidden">{section.title}</h3>
            <button
              type="button"
              className="curriculum__toggle"
              aria-expanded={expanded}
              aria-controls={panelId}
              onClick={() => toggle(section.id)}
            >
              <span>{section.title}</span>
              <span className="muted">
                {t('learning.detail.lessonCount', { count: section.lessons.length })} · {clock(length)}
              </span>
            </button>
            <ul id={panelId} className="curriculum__lessons" hidden={!expanded}>
              {section.lessons.map((lesson) => (
                <li key={lesson.id}>
                  <LessonRow courseId={courseId} lesson={lesson} />
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}
