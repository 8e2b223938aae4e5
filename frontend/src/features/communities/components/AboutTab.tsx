import { dateTimeFormat } from '@/i18n/formatters';
import { useTranslation } from '@/i18n/useTranslation';
import { isStaff, useSession } from '@/resources/session';

import type { CommunityView } from '../types';
import { DeleteCommunity } from './DeleteCommunity';
import { MySettings } from './MySettings';

/**
 * The About tab: description and facts, open to everyone; a member's own settings below; for the
 * app's moderators (not its owner, who deletes it from its edit page) closing it.
 */
export function AboutTab({ community }: { community: CommunityView }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const closesAsStaff = isStaff(user?.role) && community.me?.role !== 'owner';
  const created = dateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(community.createdAt));
  return (
    <div className="community-about">
      <section aria-labelledby="community-about-title">
        <h2 id="community-about-title">{t('communities.about.title')}</h2>
        <p className="community-about__text" dir="auto">
          {community.description || t('communities.about.noDescription')}
        </p>
        <dl className="community-about__facts">
          <div>
            <dt>{t('communities.about.category')}</dt>
            <dd>{t(`communities.category.${community.category}`)}</dd>
          </div>
          {community.city ? (
            <div>
              <dt>{t('communities.about.city')}</dt>
              <dd dir="auto">{community.city}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('communities.about.privacy')}</dt>
            <dd>{t(`communities.privacy.${community.privacy}`)}</dd>
          </div>
          <div>
            <dt>{t('communities.about.size')}</dt>
            <dd>
              {t('communities.memberCount', { count: community.memberCount })}
              {' · '}
              {t('communities.postCount', { count: community.postCount })}
            </dd>
          </div>
          <div>
            <dt>{t('communities.about.created')}</dt>
            <dd>
              <time dateTime={community.createdAt}>{created}</time>
            </dd>
          </div>
        </dl>
      </section>
      {community.me?.standing === 'member' ? <MySettings community={community} /> : null}
      {closesAsStaff ? <DeleteCommunity community={community} asStaff /> : null}
    </div>
  );
}
