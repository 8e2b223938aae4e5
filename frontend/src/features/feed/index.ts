/** The home feed: the infinite list of post cards and its 'new posts' banner. */
export { HomeFeed } from './components/HomeFeed';
export { NewPostsBanner } from './components/NewPostsBanner';
export { useNewPostsCount, type FeedNewPostsPush } from './useNewPosts';
export { feedApi, useGetFeedInfiniteQuery, nextFeedCursor, FEED_PAGE_SIZE, FEED_FRESH_SECONDS, FEED_KEEP_SECONDS, FEED_REFETCH_MS, type FeedSource } from './api';
