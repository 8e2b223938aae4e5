import { useTranslation } from '@/i18n/useTranslation';
import { TextField } from '@/ui/TextField';

import { emptyLesson, emptySection, type SectionForm } from './courseForm';
import { LessonEditor } from './LessonEditor';

function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** Sections and lessons: add, remove, reorder, title, duration, free preview, text or video (LessonEditor). */
export function CurriculumEditor({
  sections,
  onChange,
}: {
  sections: SectionForm[];
  onChange: (sections: SectionForm[]) => void;
}) {
  const { t } = useTranslation();
  const setSection = (i: number, patch: Partial<SectionForm>) =>
    onChange(sections.map((s, at) => (at === i ? { ...s, ...patch } : s)));
  return (
    <fieldset>
      <legend>{t('learning.editor.curriculum')}</legend>
      {sections.map((section, i) => (
        <div key={section.key} role="group" aria-label={t('learning.editor.section', { n: i + 1 })} className="editor">
          <TextField
            label={t('learning.editor.sectionTitle', { n: i + 1 })}
            value={section.title}
            maxLength={120}
            onValueChange={(title) => setSection(i, { title })}
          />
          {section.lessons.map((lesson, j) => (
            <LessonEditor
              key={lesson.key}
              lesson={lesson}
              n={j + 1}
              onChange={(next) => setSection(i, { lessons: section.lessons.map((l, at) => (at === j ? next : l)) })}
              onRemove={() => setSection(i, { lessons: section.lessons.filter((_, at) => at !== j) })}
              onMove={(by) => setSection(i, { lessons: move(section.lessons, j, j + by) })}
            />
          ))}
          <div className="editor__actions">
            <button
              type="button"
              className="button button--quiet"
              onClick={() => setSection(i, { lessons: [...section.lessons, emptyLesson()] })}
            >
              {t('learning.editor.addLesson')}
            </button>
            <button type="button" className="link-button" onClick={() => onChange(move(sections, i, i - 1))}>
              {t('learning.editor.moveUp')}
            </button>
            <button type="button" className="link-button" onClick={() => onChange(move(sections, i, i + 1))}>
              {t('learning.editor.moveDown')}
            </button>
            <button
              type="button"
              className="link-button"
              onClick={() => onChange(sections.filter((_, at) => at !== i))}
            >
              {t('learning.editor.removeSection', { n: i + 1 })}
            </button>
          </div>
        </div>
      ))}
      <div>
        <button type="button" className="button button--quiet" onClick={() => onChange([...sections, emptySection()])}>
          {t('learning.editor.addSection')}
        </button>
      </div>
    </fieldset>
  );
}
