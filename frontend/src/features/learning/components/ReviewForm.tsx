import { type FormEvent, useId, useState } from 'react';

import { serverMessage } from '@/app/baseQuery';
import { useTranslation } from '@/i18n/useTranslation';
import { TextAreaField } from '@/ui/TextField';
import { useToast } from '@/ui/toast';

import { useWriteReviewMutation } from '../api/catalogueApi';
import type { Review } from '../types';

const COMMENT_MAX = 2000;

/** An enrolled student's one review of the course: writing again edits it. */
export function ReviewForm({ courseId, own }: { courseId: string; own: Review | null }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [write, { isLoading }] = useWriteReviewMutation();
  // No stars until the student picks some: a preset rating would be sent as theirs unnoticed.
  const [rating, setRating] = useState<number | null>(own?.rating ?? null);
  const [comment, setComment] = useState(own?.comment ?? '');
  const [ratingError, setRatingError] = useState<string | undefined>();
  const errorId = `${useId()}-rating-error`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (rating === null) {
      setRatingError(t('learning.reviews.ratingRequired'));
      return;
    }
    const result = await write({ courseId, rating, comment: comment.trim() });
    if ('error' in result)
      toast(serverMessage(result.error) ?? t('learning.reviews.failed'), 'error', t('learning.reviews.failed'));
    else toast(t('learning.reviews.saved'), 'success');
  }

  return (
    <form className="form review-form" onSubmit={(e) => void submit(e)} aria-labelledby="review-form-title">
      <h3 id="review-form-title">{own ? t('learning.reviews.edit') : t('learning.reviews.write')}</h3>
      <fieldset className="chip-group" aria-describedby={ratingError ? errorId : undefined}>
        <legend className="field__label">{t('learning.reviews.rating')}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="chip">
            <input
              type="radio"
              name="rating"
              value={n}
              checked={rating === n}
              onChange={() => {
                setRating(n);
                setRatingError(undefined);
              }}
            />
            <span>{t('learning.reviews.ratingOption', { count: n })}</span>
          </label>
        ))}
      </fieldset>
      {ratingError ? (
        <p id={errorId} className="field__error" role="alert">
          {ratingError}
        </p>
      ) : null}
      <TextAreaField
        label={t('learning.reviews.comment')}
        value={comment}
        onValueChange={setComment}
        maxLength={COMMENT_MAX}
        rows={3}
      />
      <div>
        <button type="submit" className="button" disabled={isLoading}>
          {isLoading ? t('learning.reviews.saving') : t('learning.reviews.save')}
        </button>
      </div>
    </form>
  );
}
