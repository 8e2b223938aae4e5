import { type FormEvent, useState } from 'react';

import { numberFormat } from '@/i18n/formatters';
import { useTranslation } from '@/i18n/useTranslation';
import { type Post, useEditPostMutation } from '@/resources/posts';
import { FormActions } from '@/ui/FormActions';
import { TextAreaField } from '@/ui/TextField';

import { EDIT_MAX, validateEdit } from '../editWindow';

/** Inline edit of the post text (1–500 characters after trimming). */
export function EditPostForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const [content, setContent] = useState(post.content);
  const [problem, setProblem] = useState<ReturnType<typeof validateEdit>>(null);
  const [edit, { isLoading }] = useEditPostMutation();
  const length = Array.from(content.trim()).length;
  const number = numberFormat(i18n.language);

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
      <TextAreaField
        label={t('posts.edit.label')}
        hideLabel
        value={content}
        rows={4}
        autoFocus
        hint={t('posts.edit.counter', { n: number.format(length), max: number.format(EDIT_MAX) })}
        hintClassName={length > EDIT_MAX ? 'post-edit__counter post-edit__counter--over' : 'post-edit__counter'}
        error={problem ? t(problem === 'empty' ? 'posts.edit.empty' : 'posts.edit.tooLong') : undefined}
        onValueChange={(value) => {
          setContent(value);
          setProblem(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onDone();
        }}
      />
      <FormActions
        cancelLabel={t('posts.edit.cancel')}
        onCancel={onDone}
        confirmLabel={t('posts.edit.save')}
        busy={isLoading}
        busyLabel={t('posts.edit.saving')}
      />
    </form>
  );
}
