import { skipToken } from '@reduxjs/toolkit/query/react';

import { useSession } from '@/resources/session';

import { useGetCommunityQuery } from '../api/communitiesApi';

/**
 * Why the signed-in member may not reply to a post of `community`: muted or banned there by its
 * moderators (the server refuses those replies), or null. The reply box gives way to a notice
 * instead of a refusal after typing.
 */
export function useReplyRefusal(community: { slug: string } | null | undefined): 'muted' | 'banned' | null {
  const { user } = useSession();
  const { data } = useGetCommunityQuery(user && community ? community.slug : skipToken);
  const me = data?.me;
  if (!me) return null;
  if (me.standing === 'banned') return 'banned';
  return me.standing === 'member' && me.muted ? 'muted' : null;
}
