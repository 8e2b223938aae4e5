import type {
  AiAskRequest,
  AiAskResponse,
  AiShareRequest,
  AiShareResponse,
  QaFeedResponse,
  SearchResult,
} from '@contract';

import { api } from '@/app/api';

/** §9: results are fresh for 30 s and kept 30 s once unused. */
export const SEARCH_STALE_SECONDS = 30;
/** The server refuses longer search text (400); the box cuts it before asking. */
export const SEARCH_MAX_LENGTH = 200;
/** Page size of the Q&A community feed. */
export const QA_FEED_PAGE_SIZE = 20;

/** What a search asks for: free text (`#tag` included) or one hashtag (posts' hashtag links). */
export type SearchArgs = { q: string } | { hashtag: string };

/** Shared answers and posts in a result are posts: tag each one so likes and deletes reach it. */
function resultTags(results: SearchResult[] | undefined) {
  return [
    { type: 'Search' as const, id: 'LIST' },
    ...(results ?? []).filter((r) => r.type !== 'user').map((r) => ({ type: 'Post' as const, id: r.id })),
  ];
}

export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/search/results?q= or ?hashtag= (guests too). */
    getSearchResults: build.query<SearchResult[], SearchArgs>({
      query: (args) => ({
        url: '/api/search/results',
        params: 'hashtag' in args ? { hashtag: args.hashtag } : { q: args.q.slice(0, SEARCH_MAX_LENGTH) },
      }),
      providesTags: (result) => resultTags(result),
      keepUnusedDataFor: SEARCH_STALE_SECONDS,
    }),

    /** GET /api/qa/feed, newest first; the next page starts at nextCursor. */
    getQaFeed: build.infiniteQuery<QaFeedResponse, void, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ pageParam }) => ({
        url: '/api/qa/feed',
        params: { limit: QA_FEED_PAGE_SIZE, cursor: pageParam ?? undefined },
      }),
      providesTags: (result) => [
        { type: 'QaFeed' as const, id: 'LIST' },
        ...(result?.pages.flatMap((page) => page.items) ?? []).map((a) => ({ type: 'Post' as const, id: a.id })),
      ],
    }),

    /** POST /api/ai/ask: the AI scholar (guests too; 429 with Retry-After when asked too often). */
    askAi: build.mutation<AiAskResponse, AiAskRequest>({
      query: (body) => ({ url: '/api/ai/ask', method: 'POST', body }),
    }),

    /** POST /api/ai-share (signed in): the answer becomes a post in the Q&A feed and in search. */
    shareAnswer: build.mutation<AiShareResponse, AiShareRequest>({
      query: (body) => ({ url: '/api/ai-share', method: 'POST', body }),
      // §4: after a share, search results and the Q&A feed reload.
      invalidatesTags: [{ type: 'Search' }, { type: 'QaFeed' }],
    }),
  }),
});

export const { useGetSearchResultsQuery, useGetQaFeedInfiniteQuery, useAskAiMutation, useShareAnswerMutation } =
  searchApi;
