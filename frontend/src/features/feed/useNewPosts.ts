import { useCallback, useState } from 'react';
import { SOCKET_EVENTS, useSocketEvent } from '../realtime';

/** The `feed_new_posts` push: how many posts arrived for this member since the last push. */
export interface FeedNewPostsPush {
  id?: string;
  count: number;
}

/** Counts the posts pushed since the feed was last refreshed. */
export function useNewPostsCount(): { count: number; clear: () => void } {
  const [count, setCount] = useState(0);
  useSocketEvent<FeedNewPostsPush>(SOCKET_EVENTS.feedNewPosts, (push) => {
    const n = Number(push?.count);
    if (Number.isInteger(n) && n > 0) setCount((c) => c + n);
  });
  const clear = useCallback(() => setCount(0), []);
  return { count, clear };
}
