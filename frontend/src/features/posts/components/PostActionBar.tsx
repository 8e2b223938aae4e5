import { useTranslation } from '@/i18n/useTranslation';
import type { Post } from '@/resources/posts';
import { AppLink } from '@/ui/AppLink';
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
    // The counts' names are in hidden text, not aria-label: a label that leaves out the visible count
    // (in the reader's digits) fails axe's label-content-name-mismatch (WCAG 2.5.3).
    <div className="post-actions" role="group" aria-label={t('posts.actions.bar')}>
      {/* §4: a guest who wants to comment is sent to /auth. */}
      <AppLink to={actions.user ? `/post/${post.id}` : '/auth'} className="post-actions__button">
        <ChatIcon />
        <span className="visually-hidden">{`${t('posts.actions.comment')}, ${t('posts.actions.comments', { count: comments })}`}</span>
        <span aria-hidden="true">{count(comments)}</span>
      </AppLink>
      <button
        type="button"
        className={`post-actions__button${post.isReposted ? ' post-actions__button--reposted' : ''}`}
        aria-pressed={post.isReposted}
        onClick={actions.toggleRepost}
      >
        <RepostIcon />
        <span className="visually-hidden">{`${t('posts.actions.repost')}, ${t('posts.actions.reposts', { count: post.reposts })}`}</span>
        <span aria-hidden="true">{count(post.reposts)}</span>
      </button>
      <button
        type="button"
        className={`post-actions__button${post.isLiked ? ' post-actions__button--liked' : ''}`}
        aria-pressed={post.isLiked}
        onClick={actions.toggleLike}
      >
        <HeartIcon />
        <span className="visually-hidden">{`${t('posts.actions.like')}, ${t('posts.actions.likes', { count: likes })}`}</span>
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
