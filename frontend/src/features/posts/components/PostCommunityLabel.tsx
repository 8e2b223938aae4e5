import { useTranslation } from '@/i18n/useTranslation';
import type { Post } from '@/resources/posts';
import { AppLink } from '@/ui/AppLink';
import { LockIcon, UsersIcon } from '@/ui/icons';

/** The community a post was written in (issue 41), linking to it; a private one says so with a lock. */
export function PostCommunityLabel({ community }: { community: NonNullable<Post['community']> }) {
  const { t } = useTranslation();
  return (
    <p className="post-card__community muted">
      <UsersIcon />
      <span className="visually-hidden">{t('posts.community.label')}</span>
      <AppLink to={`/communities/${encodeURIComponent(community.slug)}`} dir="auto">
        {community.name}
      </AppLink>
      {community.privacy === 'private' ? (
        <span className="post-card__community-lock" title={t('posts.community.private')}>
          <LockIcon />
          <span className="visually-hidden">{t('posts.community.private')}</span>
        </span>
      ) : null}
    </p>
  );
}
