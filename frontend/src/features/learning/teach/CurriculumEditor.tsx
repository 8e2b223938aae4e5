import { useTranslation } from 'react-i18next';

import { TextAreaField, TextField } from '@/ui/TextField';

import { emptyLesson, emptySection, type LessonForm, type SectionForm } from './courseForm';
import { UploadField } from './UploadField';

function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

function LessonEditor({
  lesson,
  n,
  onChange,
  onRemove,
  onMove,
}: {
  lesson: LessonForm;
  n: number;
  onChange: (lesson: LessonForm) => void;
  onRemove: () => void;
  onMove: (by: number) => void;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<LessonForm>) => onChange({ ...lesson, ...patch });
  return (
    <div className="editor__lesson" role="group" aria-label={t('learning.editor.lesson', { n })}>
      <div className="editor__row">
        <TextField
          label={t('learning.editor.lessonTitle', { n })}
          value={lesson.title}
          maxLength={120}
          onValueChange={(title) => set({ title })}
        />
        <TextField
          label={t('learning.editor.duration')}
          type="number"
          min={0}
          step="any"
          inputMode="decimal"
          value={lesson.minutes}
          onValueChange={(minutes) => set({ minutes })}
        />
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={lesson.freePreview} onChange={(e) => set({ freePreview: e.target.checked })} />
        {t('learning.editor.freePreview')}
      </label>
      <fieldset className="chip-group">
        <legend className="field__label">{t('learning.editor.contentKind')}</legend>
        {(['text', 'video'] as const).map((kind) => (
          <label key={kind} className="chip">
            <input type="radio" checked={lesson.kind === kind} onChange={() => set({ kind })} />
            {t(kind === 'text' ? 'learning.editor.kindText' : 'learning.editor.kindVideo')}
          </label>
        ))}
      </fieldset>
      {lesson.kind === 'text' ? (
        <TextAreaField
          label={t('learning.editor.lessonText')}
          value={lesson.text}
          rows={4}
          maxLength={50_000}
          onValueChange={(text) => set({ text })}
        />
      ) : (
        <UploadField
          label={t('learning.editor.lessonVideo')}
          accept="video/*"
          purpose="post"
          kind="video"
          mediaId={lesson.mediaId}
          onChange={(mediaId) => set({ mediaId })}
        />
      )}
      <div className="editor__actions">
        <button type="button" className="link-button" onClick={() => onMove(-1)}>
          {t('learning.editor.moveUp')}
        </button>
        <button type="button" className="link-button" onClick={() => onMove(1)}>
          {t('learning.editor.moveDown')}
        </button>
        <button type="button" className="link-button" onClick={onRemove}>
          {t('learning.editor.removeLesson', { n })}
        </button>
      </div>
    </div>
  );
}

/** Sections and lessons: add, remove, reorder, title, duration, free preview, text or video. */
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
