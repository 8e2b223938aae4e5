import { useTranslation } from '@/i18n/useTranslation';
import type { Post } from '@/resources/posts';

/** Either spelling of a count (§3 says both occur); never negative. */
const count = (...values: Array<number | undefined>) =>
  Math.max(0, values.find((v) => typeof v === 'number' && Number.isFinite(v)) ?? 0);

/**
 * The stats line under the post (§2: likes, comments, shares). Reposts are counted by the server;
 * shares happen outside the app and only show when the server counts some.
 */
export function PostStats({ post }: { post: Post }) {
  const { t } = useTranslation();
  const items = [
    t('postDetail.stats.likes', { count: count(post.likeCount, post.likes) }),
    t('postDetail.stats.comments', { count: count(post.commentCount, post.commentsCount) }),
    t('postDetail.stats.reposts', { count: count(post.reposts) }),
  ];
  if (count(post.shares) > 0) items.push(t('postDetail.stats.shares', { count: count(post.shares) }));
  return (
    <ul className="post-stats" aria-label={t('postDetail.stats.label')}>
      {items.map((text) => (
        <li key={text}>{text}</li>
      ))}
    </ul>
  );
}
