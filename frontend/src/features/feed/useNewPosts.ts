import { useCallback, useState } from 'react';

import { SOCKET_EVENTS, useSocketEvent, useWatchFeed } from '@/resources/realtime';
import { useSession } from '@/resources/session';

/** The `feed_new_posts` push: posts that entered the home feed since the last push, and by whom. */
export type { FeedNewPostsPush } from '@/resources/realtime';

/** Counts the posts pushed since the feed was last refreshed (not the member's own: those show already). */
export function useNewPostsCount(): { count: number; clear: () => void } {
  const [count, setCount] = useState(0);
  const { user } = useSession();
  useWatchFeed();
  useSocketEvent(SOCKET_EVENTS.feedNewPosts, (push) => {
    const own = user && Array.isArray(push?.authorIds) ? push.authorIds.filter((id) => id === user.id).length : 0;
    const n = Number(push?.count) - own;
    if (Number.isInteger(n) && n > 0) setCount((c) => c + n);
  });
  const clear = useCallback(() => setCount(0), []);
  return { count, clear };
}
