import '../learning.css';

import { skipToken } from '@reduxjs/toolkit/query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';

import { serverMessage } from '@/app/baseQuery';
import { useTranslation } from '@/i18n/useTranslation';
import { TextAreaField, TextField } from '@/ui/TextField';
import { useToast } from '@/ui/toast';

import { useCreateCourseMutation, useGetVendorCourseQuery, useUpdateCourseMutation } from '../api/teachApi';
import {
  type CourseForm,
  EMPTY_FORM,
  type FormErrorKey,
  formFromDraft,
  inputFromForm,
  validateForm,
} from '../teach/courseForm';
import { CurriculumEditor } from '../teach/CurriculumEditor';
import { PublishControl } from '../teach/PublishControl';
import { SelectField } from '../teach/SelectField';
import { UploadField } from '../teach/UploadField';
import { COURSE_CATEGORIES, COURSE_LEVELS } from '../types';

/** /teach/new and /teach/:id — a teacher's course editor (create, edit, publish, unpublish). */
export default function CourseEditorScreen() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { id } = useParams();
  const draft = useGetVendorCourseQuery(id ?? skipToken);
  const [create, createState] = useCreateCourseMutation();
  const [update, updateState] = useUpdateCourseMutation();
  const [form, setForm] = useState<CourseForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<FormErrorKey[]>([]);
  const [serverError, setServerError] = useState<string | null>(null);
  const loadedId = draft.data?.id;

  // The form starts from the server's copy once it has arrived (and again for another course).
  useEffect(() => {
    if (draft.data) setForm(formFromDraft(draft.data));
  }, [loadedId]);

  const set = (patch: Partial<CourseForm>) => setForm((current) => ({ ...current, ...patch }));
  const saving = createState.isLoading || updateState.isLoading;

  async function save(event: FormEvent) {
    event.preventDefault();
    setServerError(null);
    const found = validateForm(form);
    setErrors(found);
    if (found.length > 0) return;
    const input = inputFromForm(form);
    if (id) {
      const result = await update({ id, input });
      if ('error' in result) return setServerError(serverMessage(result.error) ?? t('learning.editor.failed'));
      toast(t('learning.editor.saved'), 'success');
    } else {
      const result = await create(input);
      if ('error' in result) return setServerError(serverMessage(result.error) ?? t('learning.editor.failed'));
      toast(t('learning.editor.created'), 'success');
      void navigate(`/teach/${encodeURIComponent(result.data.id)}`, { replace: true });
    }
  }

  if (id && draft.isLoading) return <div className="page" role="status" aria-label={t('learning.editor.loading')} />;
  if (id && draft.isError)
    return (
      <section className="page page--center">
        <h1>{t('learning.detail.notFoundTitle')}</h1>
        <Link to="/teach" className="button">
          {t('learning.teach.title')}
        </Link>
      </section>
    );

  const errorText = (key: FormErrorKey) => (errors.includes(key) ? t(`learning.editor.errors.${key}`) : undefined);
  const listErrors = (['sectionTitle', 'lessonTitle', 'lessonContent', 'duration'] as const).filter((k) =>
    errors.includes(k),
  );

  return (
    <section className="page" aria-labelledby="editor-title">
      <Link to="/teach" className="course-detail__back">
        {t('learning.teach.title')}
      </Link>
      <h1 id="editor-title">{id ? t('learning.editor.editTitle') : t('learning.editor.createTitle')}</h1>
      {draft.data ? (
        <p>
          {t('learning.editor.status', {
            status: draft.data.isPublished ? t('learning.teach.published') : t('learning.teach.draft'),
          })}
        </p>
      ) : null}
      <form className="editor" onSubmit={(e) => void save(e)} noValidate>
        <fieldset>
          <legend>{t('learning.editor.basics')}</legend>
          <TextField
            label={t('learning.editor.courseTitle')}
            value={form.title}
            maxLength={120}
            onValueChange={(title) => set({ title })}
            error={errorText('titleRequired')}
          />
          <TextAreaField
            label={t('learning.editor.description')}
            value={form.description}
            rows={5}
            maxLength={5000}
            onValueChange={(description) => set({ description })}
            error={errorText('descriptionRequired')}
          />
          <div className="editor__row">
            <SelectField
              label={t('learning.editor.category')}
              value={form.category}
              options={COURSE_CATEGORIES.map((c) => ({ value: c, label: t(`learning.category.${c}`) }))}
              onChange={(category) => set({ category })}
            />
            <SelectField
              label={t('learning.editor.level')}
              value={form.level}
              options={COURSE_LEVELS.map((l) => ({ value: l, label: t(`learning.level.${l}`) }))}
              onChange={(level) => set({ level })}
            />
          </div>
          <div className="editor__row">
            <TextField
              label={t('learning.editor.price')}
              inputMode="decimal"
              value={form.price}
              onValueChange={(price) => set({ price })}
              error={errorText('price')}
            />
            <TextField
              label={t('learning.editor.promoPrice')}
              inputMode="decimal"
              value={form.promoPrice}
              onValueChange={(promoPrice) => set({ promoPrice })}
              error={errorText('promo')}
            />
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('learning.editor.media')}</legend>
          <UploadField
            label={t('learning.editor.thumbnail')}
            accept="image/jpeg,image/png,image/webp"
            purpose="image"
            kind="image"
            mediaId={form.thumbnailMediaId}
            previewUrl={form.thumbnailUrl}
            onChange={(thumbnailMediaId, thumbnailUrl) => set({ thumbnailMediaId, thumbnailUrl })}
          />
          <UploadField
            label={t('learning.editor.previewVideo')}
            accept="video/*"
            purpose="post"
            kind="video"
            mediaId={form.previewVideoMediaId}
            onChange={(previewVideoMediaId, previewVideoUrl) => set({ previewVideoMediaId, previewVideoUrl })}
          />
        </fieldset>
        <fieldset>
          <legend>{t('learning.editor.outcomes')}</legend>
          {form.outcomes.map((outcome, i) => (
            <div key={i} className="editor__row">
              <TextField
                label={t('learning.editor.outcome', { n: i + 1 })}
                value={outcome}
                maxLength={200}
                onValueChange={(value) => set({ outcomes: form.outcomes.map((o, at) => (at === i ? value : o)) })}
              />
              <button
                type="button"
                className="link-button"
                onClick={() => set({ outcomes: form.outcomes.filter((_, at) => at !== i) })}
              >
                {t('learning.editor.removeOutcome', { n: i + 1 })}
              </button>
            </div>
          ))}
          <div>
            <button
              type="button"
              className="button button--quiet"
              disabled={form.outcomes.length >= 20}
              onClick={() => set({ outcomes: [...form.outcomes, ''] })}
            >
              {t('learning.editor.addOutcome')}
            </button>
          </div>
        </fieldset>
        <CurriculumEditor sections={form.sections} onChange={(sections) => set({ sections })} />
        {listErrors.length > 0 || serverError ? (
          <ul className="editor__errors" role="alert">
            {listErrors.map((key) => (
              <li key={key}>{t(`learning.editor.errors.${key}`)}</li>
            ))}
            {serverError ? <li>{serverError}</li> : null}
          </ul>
        ) : null}
        <div className="editor__actions">
          <button type="submit" className="button" disabled={saving}>
            {saving ? t('learning.editor.saving') : t('learning.editor.save')}
          </button>
          {id && draft.data ? (
            <PublishControl courseId={id} isPublished={draft.data.isPublished} onError={setServerError} />
          ) : null}
        </div>
      </form>
    </section>
  );
}
