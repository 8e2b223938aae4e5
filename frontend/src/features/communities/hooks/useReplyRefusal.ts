import { skipToken } from '@reduxjs/toolkit/query/react';

import { useSession } from '@/resources/session';

import { useGetCommunityQuery } from '../api/communitiesApi';

/**
 * Why the signed-in member may not reply to a post of `community`, as the server's code for the
 * refusal: muted or banned there by its moderators; else null. The reply box gives way to a notice
 * instead of a refusal after typing.
 */
export function useReplyRefusal(
  community: { slug: string } | null | undefined,
): 'COMMUNITY_MUTED' | 'COMMUNITY_BANNED' | null {
  const { user } = useSession();
  const { data } = useGetCommunityQuery(user && community ? community.slug : skipToken);
  const me = data?.me;
  if (!me) return null;
  if (me.standing === 'banned') return 'COMMUNITY_BANNED';
  return me.standing === 'member' && me.muted ? 'COMMUNITY_MUTED' : null;
}
