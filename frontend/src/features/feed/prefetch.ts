import type { AppDispatch } from '@/app/store';

import { feedApi } from './api';

/**
 * Asks for a member's first feed page beside the session's answer, rather than once the session is
 * known and the feed has mounted: on a phone the first posts come one round trip sooner (issue 37).
 * The page stays cached for FEED_KEEP_SECONDS after app/firstData.ts releases the request; HomeFeed
 * takes it, or joins the request in flight. A session that turns out ended answers 401, which only
 * asks /api/auth/me again (app/memberScope.ts).
 */
export function prefetchHomeFeed(dispatch: AppDispatch) {
  return dispatch(feedApi.endpoints.getFeed.initiate('home'));
}
