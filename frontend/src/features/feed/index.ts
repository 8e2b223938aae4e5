/** The home feed: the infinite list of post cards and its 'new posts' banner. */
export {
  FEED_FRESH_SECONDS,
  FEED_KEEP_SECONDS,
  FEED_PAGE_SIZE,
  FEED_REFETCH_MS,
  feedApi,
  type FeedSource,
  nextFeedCursor,
  useGetFeedInfiniteQuery,
} from './api';
export { HomeFeed } from './components/HomeFeed';
export { NewPostsBanner } from './components/NewPostsBanner';
export { prefetchHomeFeed } from './prefetch';
export { type FeedNewPostsPush, useNewPostsCount } from './useNewPosts';
