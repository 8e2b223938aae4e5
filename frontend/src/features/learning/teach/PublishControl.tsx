import { useState } from 'react';
import { Link } from 'react-router-dom';

import { serverMessage } from '@/app/baseQuery';
import { useTranslation } from '@/i18n/useTranslation';
import { ConfirmDialog } from '@/ui/dialog';
import { useToast } from '@/ui/toast';

import { useSetCoursePublishedMutation } from '../api/teachApi';

/**
 * Publish or unpublish, each after saying what it does; once published, a link to the course as
 * members see it in the catalogue (issue 40).
 */
export function PublishControl({
  courseId,
  isPublished,
  onError,
}: {
  courseId: string;
  isPublished: boolean;
  onError: (message: string) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [setPublished, { isLoading }] = useSetCoursePublishedMutation();
  const [confirming, setConfirming] = useState(false);
  const [justPublished, setJustPublished] = useState(false);
  const publish = !isPublished;

  async function confirm() {
    const result = await setPublished({ id: courseId, publish });
    setConfirming(false);
    if ('error' in result) return onError(serverMessage(result.error) ?? t('learning.editor.failed'));
    setJustPublished(publish);
    toast(t(publish ? 'learning.editor.publishedToast' : 'learning.editor.unpublishedToast'), 'success');
  }

  return (
    <>
      <button type="button" className="button button--quiet" disabled={isLoading} onClick={() => setConfirming(true)}>
        {isPublished ? t('learning.editor.unpublish') : t('learning.editor.publish')}
      </button>
      {justPublished && isPublished ? (
        <p role="status" className="editor__published">
          {t('learning.editor.publishedNow')}{' '}
          <Link to={`/course/${encodeURIComponent(courseId)}`}>{t('learning.editor.viewInCatalogue')}</Link>
        </p>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t(publish ? 'learning.editor.publishConfirmTitle' : 'learning.editor.unpublishConfirmTitle')}
          body={t(publish ? 'learning.editor.publishConfirmBody' : 'learning.editor.unpublishConfirmBody')}
          confirmLabel={isPublished ? t('learning.editor.unpublish') : t('learning.editor.publish')}
          cancelLabel={t('learning.editor.cancel')}
          busy={isLoading}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </>
  );
}
