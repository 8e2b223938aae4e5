import '../post-detail.css';

import { Link, useNavigate, useParams } from 'react-router-dom';

import type { ApiError } from '@/app/baseQuery';
import { useReplyRefusal } from '@/features/communities';
import { type Post, PostCard, useGetPostQuery } from '@/features/posts';
import { useTranslation } from '@/i18n/useTranslation';

import { CommentComposer, COMMUNITY_REFUSALS } from '../components/CommentComposer';
import { CommentList } from '../components/CommentList';
import { PostDetailSkeleton } from '../components/PostDetailSkeleton';
import { PostStats } from '../components/PostStats';
import { usePostDeleted } from '../usePostDeleted';

/** §2 'Post not found' with a way back home (also after the member deletes the post shown). */
function PostNotFound({ deleted = false }: { deleted?: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="page page--center" aria-labelledby="post-not-found">
      <h1 id="post-not-found">{t('postDetail.notFound.title')}</h1>
      <p className="muted">{deleted ? t('postDetail.notFound.deleted') : t('postDetail.notFound.body')}</p>
      <Link to="/" className="button">
        {t('postDetail.notFound.backHome')}
      </Link>
    </section>
  );
}

/** Comments may be switched off by the author (the video composer's Allow Comments switch). */
const commentsAllowed = (post: Post) => post.allowComments !== false;

/** /post/:id — the post, its stats line, its comments and the reply composer (§2). */
export default function PostDetailScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { data: post, error, isLoading, isFetching, refetch } = useGetPostQuery(id, { skip: !id });
  const status = (error as ApiError | undefined)?.status;
  const deleted = usePostDeleted(id);
  const refusal = useReplyRefusal(post?.community);

  if (deleted) return <PostNotFound deleted />;
  if (!id || status === 404) return <PostNotFound />;

  return (
    <section className="page post-detail" aria-labelledby="post-detail-title">
      <div className="post-detail__top">
        <button type="button" className="link-button" onClick={() => navigate(-1)}>
          {t('postDetail.back')}
        </button>
        <h1 id="post-detail-title">{t('postDetail.title')}</h1>
      </div>
      {isLoading ? (
        <PostDetailSkeleton />
      ) : !post ? (
        <div className="post-detail__error" role="alert">
          <p>{status === 'FETCH_ERROR' ? t('postDetail.offline') : t('postDetail.loadFailed')}</p>
          <button type="button" className="button" onClick={() => void refetch()} disabled={isFetching}>
            {t('errors.tryAgain')}
          </button>
        </div>
      ) : post.moderation ? (
        // Hidden: only its author and the moderators read it here (the card says why); its comments wait with it.
        <>
          <PostCard post={post} />
          <p className="post-detail__notice">{t('postDetail.hiddenComments')}</p>
        </>
      ) : (
        <>
          <PostCard post={post} />
          <PostStats post={post} />
          <CommentList postId={post.id} postOwnerId={post.userId} />
          {!commentsAllowed(post) ? (
            <p className="post-detail__notice">{t('postDetail.commentsOff')}</p>
          ) : refusal ? (
            <p className="post-detail__notice">{t(COMMUNITY_REFUSALS[refusal])}</p>
          ) : (
            <CommentComposer postId={post.id} />
          )}
        </>
      )}
    </section>
  );
}
