import { type FormEvent, useState } from 'react';

import { serverMessage } from '@/app/baseQuery';
import { useTranslation } from '@/i18n/useTranslation';
import { TextAreaField } from '@/ui/TextField';
import { useToast } from '@/ui/toast';

import { useReplyToReviewMutation } from '../api/catalogueApi';
import type { Review } from '../types';

/** The course's teacher answers a review (replying again replaces the answer). */
export function ReplyForm({ review }: { review: Review }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [reply, { isLoading }] = useReplyToReviewMutation();
  const [text, setText] = useState(review.reply?.text ?? '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    const result = await reply({ courseId: review.courseId, studentId: review.user.id, text: text.trim() });
    if ('error' in result)
      toast(
        serverMessage(result.error) ?? t('learning.reviews.replyFailed'),
        'error',
        t('learning.reviews.replyFailed'),
      );
    else toast(t('learning.reviews.replySaved'), 'success');
  }

  return (
    <form className="form" onSubmit={(e) => void submit(e)}>
      <TextAreaField
        label={t('learning.reviews.replyLabel', { name: review.user.name })}
        value={text}
        onValueChange={setText}
        maxLength={2000}
        rows={2}
      />
      <div>
        <button type="submit" className="button button--quiet" disabled={isLoading || !text.trim()}>
          {t('learning.reviews.sendReply')}
        </button>
      </div>
    </form>
  );
}
