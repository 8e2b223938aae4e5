import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditPostMutation } from '../api';
import { EDIT_MAX, validateEdit } from '../editWindow';
import type { Post } from '../types';

/** Inline edit of the post text (1–500 characters after trimming). */
export function EditPostForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const fieldId = useId();
  const errorId = useId();
  const counterId = useId();
  const [content, setContent] = useState(post.content);
  const [problem, setProblem] = useState<ReturnType<typeof validateEdit>>(null);
  const [edit, { isLoading }] = useEditPostMutation();
  const length = Array.from(content.trim()).length;
  const number = new Intl.NumberFormat(i18n.language);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateEdit(content);
    setProblem(found);
    if (found) return;
    void edit({ id: post.id, content: content.trim() })
      .unwrap()
      .then(onDone)
      .catch(() => undefined);
  };

  return (
    <form className="post-edit" onSubmit={submit} noValidate>
      <label htmlFor={fieldId} className="visually-hidden">
        {t('posts.edit.label')}
      </label>
      <textarea
        id={fieldId}
        className="field__input post-edit__input"
        value={content}
        rows={4}
        dir="auto"
        autoFocus
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${counterId}${problem ? ` ${errorId}` : ''}`}
        onChange={(e) => {
          setContent(e.target.value);
          setProblem(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onDone();
        }}
      />
      <p id={counterId} className={`post-edit__counter${length > EDIT_MAX ? ' post-edit__counter--over' : ''}`}>
        {t('posts.edit.counter', { n: number.format(length), max: number.format(EDIT_MAX) })}
      </p>
      {problem ? (
        <p id={errorId} className="field__error" role="alert">
          {t(problem === 'empty' ? 'posts.edit.empty' : 'posts.edit.tooLong')}
        </p>
      ) : null}
      <div className="post-edit__actions">
        <button type="button" className="button button--quiet" onClick={onDone}>
          {t('posts.edit.cancel')}
        </button>
        <button type="submit" className="button" disabled={isLoading}>
          {isLoading ? t('posts.edit.saving') : t('posts.edit.save')}
        </button>
      </div>
    </form>
  );
}
