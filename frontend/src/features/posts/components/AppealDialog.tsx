import { type FormEvent, useId, useState } from 'react';

import { serverMessage } from '@/app/baseQuery';
import { numberFormat } from '@/i18n/formatters';
import { useTranslation } from '@/i18n/useTranslation';
import { Dialog } from '@/ui/dialog';
import { FormActions } from '@/ui/FormActions';
import { TextAreaField } from '@/ui/TextField';
import { useToast } from '@/ui/toast';

import { APPEAL_TEXT_MAX, useAppealPostMutation } from '../appealApi';

/**
 * The author asks the moderators to look again at their hidden post: a few optional words of their
 * own, at most 500. A refusal (already appealed, say) keeps the dialog and its words, with the
 * server's reason; a sent appeal closes it.
 */
export function AppealDialog({ postId, reason, onClose }: { postId: string; reason: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const aboutId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [appeal, { isLoading }] = useAppealPostMutation();
  const length = text.trim().length;
  const digits = numberFormat(i18n.language);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (length > APPEAL_TEXT_MAX) return setError(t('posts.appeal.tooLong', { max: APPEAL_TEXT_MAX }));
    const result = await appeal({ postId, text: text.trim() });
    if ('error' in result)
      return toast(serverMessage(result.error) ?? t('posts.appeal.failed'), 'error', t('posts.appeal.failed'));
    toast(t('posts.appeal.sent'), 'success');
    onClose();
  }

  return (
    <Dialog title={t('posts.appeal.title')} onClose={onClose} describedBy={aboutId}>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <div id={aboutId}>
          <p>
            {t('posts.appeal.about')}{' '}
            <q dir="auto" className="hidden-post__reason">
              {reason}
            </q>
          </p>
          <p className="muted">{t('posts.appeal.once')}</p>
        </div>
        <TextAreaField
          label={t('posts.appeal.text')}
          value={text}
          rows={4}
          error={error}
          invalid={length > APPEAL_TEXT_MAX}
          hint={t('posts.appeal.counter', {
            n: digits.format(length),
            max: digits.format(APPEAL_TEXT_MAX),
          })}
          onValueChange={(value) => {
            setText(value);
            setError(undefined);
          }}
        />
        <FormActions
          cancelLabel={t('posts.dialog.cancel')}
          onCancel={onClose}
          confirmLabel={t('posts.appeal.submit')}
          busy={isLoading}
        />
      </form>
    </Dialog>
  );
}
