import { useState } from 'react';

import { serverMessage } from '@/app/baseQuery';
import { useReportDialog } from '@/features/posts';
import { useTranslation } from '@/i18n/useTranslation';
import { useSession } from '@/resources/session';
import { ConfirmDialog } from '@/ui/dialog';
import { useToast } from '@/ui/toast';

import { useDeleteCommentMutation, useGetCommentsInfiniteQuery } from '../api';
import type { Comment } from '../types';
import { CommentItem } from './CommentItem';

function CommentSkeleton() {
  return (
    <div className="pd-comment comment--skeleton" aria-hidden="true">
      <span className="pd-skeleton pd-skeleton--circle" />
      <div className="pd-comment__body">
        <span className="pd-skeleton pd-skeleton--line pd-skeleton--short" />
        <span className="pd-skeleton pd-skeleton--line" />
      </div>
    </div>
  );
}

/**
 * The comments of a post, oldest first, with paging, deletion (own comments, or any on one's own post)
 * and reporting (anyone else's, signed in).
 */
export function CommentList({ postId, postOwnerId }: { postId: string; postOwnerId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { user } = useSession();
  const { data, isLoading, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } =
    useGetCommentsInfiniteQuery(postId);
  const [deleteComment, { isLoading: deleting }] = useDeleteCommentMutation();
  const [pending, setPending] = useState<Comment | null>(null);
  const report = useReportDialog();

  const confirmDelete = async () => {
    if (!pending) return;
    const comment = pending;
    setPending(null);
    try {
      await deleteComment({ postId, commentId: comment.id }).unwrap();
      toast(t('postDetail.comment.deleted'), 'success');
    } catch (error) {
      const detail = serverMessage(error);
      toast(
        detail ? t('postDetail.comment.deleteFailedWith', { message: detail }) : t('postDetail.comment.deleteFailed'),
        'error',
      );
    }
  };

  const comments = data?.pages.flat() ?? [];

  let body;
  if (isLoading) {
    body = (
      <div role="status" aria-label={t('postDetail.comments.loading')}>
        <CommentSkeleton />
        <CommentSkeleton />
        <CommentSkeleton />
      </div>
    );
  } else if (isError && comments.length === 0) {
    body = (
      <div className="post-detail__error" role="alert">
        <p>{t('postDetail.comments.loadFailed')}</p>
        <button type="button" className="button button--quiet" onClick={() => void refetch()}>
          {t('errors.tryAgain')}
        </button>
      </div>
    );
  } else if (comments.length === 0) {
    body = <p className="muted post-detail__empty">{t('postDetail.comments.empty')}</p>;
  } else {
    body = (
      <>
        <ol className="pd-comment-list">
          {comments.map((comment) => (
            <li key={comment.id}>
              <CommentItem
                comment={comment}
                canDelete={!!user && (user.id === comment.userId || user.id === postOwnerId)}
                onDelete={setPending}
                canReport={!!user && user.id !== comment.userId}
                onReport={(reported) => report.open({ type: 'comment', id: reported.id })}
              />
            </li>
          ))}
        </ol>
        {isFetchNextPageError ? (
          <p className="form__error" role="alert">
            {t('postDetail.comments.loadFailed')}
          </p>
        ) : null}
        {hasNextPage ? (
          <button
            type="button"
            className="button button--quiet button--block"
            onClick={() => void fetchNextPage()}
            disabled={isFetchingNextPage}
          >
            {isFetchingNextPage ? t('app.loading') : t('postDetail.comments.more')}
          </button>
        ) : null}
      </>
    );
  }

  return (
    <section className="post-detail__comments" aria-labelledby="comments-title">
      <h2 id="comments-title" className="visually-hidden">
        {t('postDetail.comments.title')}
      </h2>
      {body}
      {pending ? (
        <ConfirmDialog
          title={t('postDetail.comment.confirmTitle')}
          body={t('postDetail.comment.confirmBody')}
          confirmLabel={t('postDetail.comment.delete')}
          cancelLabel={t('postDetail.comment.cancel')}
          busy={deleting}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setPending(null)}
        />
      ) : null}
      {report.dialog}
    </section>
  );
}
