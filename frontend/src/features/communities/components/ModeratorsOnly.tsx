import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';

import { useTranslation } from '@/i18n/useTranslation';
import { ScreenLoading } from '@/ui/ScreenLoading';

import { useGetCommunityQuery } from '../api/communitiesApi';
import { useCommunityAccess } from '../hooks/useCommunityAccess';
import type { CommunityView } from '../types';
import { NotFound } from './NotFound';

/** A moderators' page of the community at :slug: anyone else is told it is not for them. */
export function ModeratorsOnly({ children }: { children: (community: CommunityView) => ReactNode }) {
  const { slug = '' } = useParams();
  const community = useGetCommunityQuery(slug);
  if (community.data) return <Gate community={community.data}>{children}</Gate>;
  if (community.isError) return <NotFound />;
  return <ScreenLoading />;
}

function Gate({
  community,
  children,
}: {
  community: CommunityView;
  children: (community: CommunityView) => ReactNode;
}) {
  const { t } = useTranslation();
  const access = useCommunityAccess(community);
  if (access.isModerator) return <>{children(community)}</>;
  return (
    <section className="page page--center" role="alert">
      <p>{t('communities.moderatorsOnly')}</p>
      <Link to={`/communities/${encodeURIComponent(community.slug)}`} className="button">
        {t('communities.editor.backTo', { name: community.name })}
      </Link>
    </section>
  );
}
