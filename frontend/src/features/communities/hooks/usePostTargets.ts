import { useEffect, useMemo } from 'react';

import { useGetCommunitiesInfiniteQuery } from '../api/communitiesApi';
import type { CommunityFilters, CommunityView } from '../types';

const MINE: CommunityFilters = { q: '', category: '', city: '', mine: true };

export interface PostTargets {
  /** The communities the member may post in: theirs, and not muted there. */
  communities: CommunityView[];
  /** Every page of the member's communities has arrived. */
  loaded: boolean;
}

/**
 * Where a post may go besides the member's followers (issue 41): the communities they belong to and
 * are not muted in. Every page is fetched: a member in many circles still finds each one.
 */
export function usePostTargets(): PostTargets {
  const mine = useGetCommunitiesInfiniteQuery(MINE);
  const { hasNextPage, isFetching, fetchNextPage } = mine;
  useEffect(() => {
    if (hasNextPage && !isFetching) void fetchNextPage();
  }, [hasNextPage, isFetching, fetchNextPage]);

  const pages = mine.data?.pages;
  const communities = useMemo(
    () =>
      (pages ?? [])
        .flatMap((page) => page.communities)
        .filter((community) => community.me?.standing === 'member' && !community.me.muted),
    [pages],
  );
  return { communities, loaded: (!!pages && !hasNextPage) || mine.isError };
}

/** The community a post is sent to: the chosen one, unless the member's list has come and lacks it. */
export function postTarget(targets: PostTargets, communityId: string | null): string | null {
  if (communityId === null) return null;
  return targets.communities.some((community) => community.id === communityId) || !targets.loaded ? communityId : null;
}
