import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import type { Post } from '@/resources/posts';
import { BookmarkIcon, ChatIcon, HeartIcon, RepostIcon, ShareIcon } from '@/ui/icons';

import { useFormatCount } from './useFormatCount';
import type { PostActions } from './usePostActions';

/** Comment, repost, like, bookmark and share, each with its count in the reader's digits. */
export function PostActionBar({ post, actions }: { post: Post; actions: PostActions }) {
  const { t } = useTranslation();
  const count = useFormatCount();
  const likes = post.likes ?? post.likeCount ?? 0;
  const comments = post.commentsCount ?? post.commentCount ?? 0;
  return (
    <div className="post-actions" role="group" aria-label={t('posts.actions.bar')}>
      {/* §4: a guest who wants to comment is sent to /auth. */}
      <Link
        to={actions.user ? `/post/${post.id}` : '/auth'}
        className="post-actions__button"
        aria-label={`${t('posts.actions.comment')}, ${t('posts.actions.comments', { count: comments })}`}
      >
        <ChatIcon />
        <span aria-hidden="true">{count(comments)}</span>
      </Link>
      <button
        type="button"
        className={`post-actions__button${post.isReposted ? ' post-actions__button--reposted' : ''}`}
        aria-pressed={post.isReposted}
        aria-label={`${t('posts.actions.repost')}, ${t('posts.actions.reposts', { count: post.reposts })}`}
        onClick={actions.toggleRepost}
      >
        <RepostIcon />
        <span aria-hidden="true">{count(post.reposts)}</span>
      </button>
      <button
        type="button"
        className={`post-actions__button${post.isLiked ? ' post-actions__button--liked' : ''}`}
        aria-pressed={post.isLiked}
        aria-label={`${t('posts.actions.like')}, ${t('posts.actions.likes', { count: likes })}`}
        onClick={actions.toggleLike}
      >
        <HeartIcon />
        <span aria-hidden="true">{count(likes)}</span>
      </button>
      <button
        type="button"
        className={`post-actions__button${post.isBookmarked ? ' post-actions__button--bookmarked' : ''}`}
        aria-pressed={post.isBookmarked}
        aria-label={t('posts.actions.bookmark')}
        onClick={actions.toggleBookmark}
      >
        <BookmarkIcon />
      </button>
      <button
        type="button"
        className="post-actions__button"
        aria-label={t('posts.actions.share')}
        onClick={() => void actions.share()}
      >
        <ShareIcon />
      </button>
    </div>
  );
}
