import type {
  AiAskRequest,
  AiAskResponse,
  AiShareRequest,
  AiShareResponse,
  PeopleSearchView,
  QaFeedResponse,
  SearchResult,
  SuggestedMemberView,
  SuggestionsView,
} from '@contract';

import { api } from '@/app/api';
import type { ApiState } from '@/resources/profiles';

/** §9: results are fresh for 30 s and kept 30 s once unused. */
export const SEARCH_STALE_SECONDS = 30;
/** The server refuses longer search text (400); the box cuts it before asking. */
export const SEARCH_MAX_LENGTH = 200;
/** Page size of the Q&A community feed. */
export const QA_FEED_PAGE_SIZE = 20;

/** What a search asks for: free text (`#tag` included) or one hashtag (posts' hashtag links). */
export type SearchArgs = { q: string } | { hashtag: string };

/** People you may know on the search screen; people shown as the member types. */
export const SUGGESTIONS_SHOWN = 10;
export const PEOPLE_SHOWN = 8;

/**
 * Shared answers and posts in a result are posts: tag each one so likes and deletes reach it. Members
 * are tagged Relationship, so a follow from the list flips their button at once (patchMember).
 */
function resultTags(results: SearchResult[] | undefined) {
  return [
    { type: 'Search' as const, id: 'LIST' },
    ...(results ?? []).map((r) =>
      r.type === 'user' ? { type: 'Relationship' as const, id: r.id } : { type: 'Post' as const, id: r.id },
    ),
  ];
}

/**
 * A refetch of the suggestions (after a follow from the list, whose success recounts the member)
 * keeps the rows shown where they were: whom the member just followed stays, reading Following, so a
 * slip can be undone in place; the others take the server's new state; newcomers fill the end.
 */
export function keepShownSuggestions(shown: SuggestionsView, next: SuggestionsView): SuggestionsView {
  const fresh = new Map(next.users.map((u) => [u.id, u]));
  const kept = shown.users.flatMap((u): SuggestedMemberView[] => {
    const now = fresh.get(u.id);
    return now ? [now] : u.isFollowing ? [u] : [];
  });
  const known = new Set(kept.map((u) => u.id));
  const added = next.users.filter((u) => !known.has(u.id));
  return { users: [...kept, ...added].slice(0, Math.max(next.users.length, kept.length)) };
}

/** The suggestions on screen now (kept in the cache while they are asked again). */
function shownSuggestions(state: ApiState): SuggestionsView | undefined {
  return state.api.queries['getSuggestions(undefined)']?.data as SuggestionsView | undefined;
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

    /**
     * GET /api/users/suggestions (signed in): people you may know, best first. Asked again (after a
     * follow from the list), the rows shown are kept (keepShownSuggestions), and tagged with the
     * rest, so the row of whom the member just followed still follows and unfollows in place.
     */
    getSuggestions: build.query<SuggestionsView, void>({
      async queryFn(_arg, { getState }, _extraOptions, baseQuery) {
        const answer = await baseQuery({ url: '/api/users/suggestions', params: { limit: SUGGESTIONS_SHOWN } });
        if (answer.error) return { error: answer.error };
        const next = answer.data as SuggestionsView;
        const shown = shownSuggestions(getState() as ApiState);
        return { data: shown ? keepShownSuggestions(shown, next) : next };
      },
      providesTags: (result) => (result?.users ?? []).map((u) => ({ type: 'Relationship' as const, id: u.id })),
      // A later visit starts afresh: the rows kept are only those of this visit.
      keepUnusedDataFor: SEARCH_STALE_SECONDS,
    }),

    /** GET /api/search/people?q= (guests too): members whose name starts with the text, as it is typed. */
    searchPeople: build.query<PeopleSearchView, string>({
      query: (q) => ({ url: '/api/search/people', params: { q: q.slice(0, SEARCH_MAX_LENGTH), limit: PEOPLE_SHOWN } }),
      // A typed prefix is asked once and soon replaced: no retries, and not kept long.
      extraOptions: { maxRetries: 0 },
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
      // §4: after a share, search results and the Q&A feed reload (and a community's feed, shared into one).
      invalidatesTags: (_r, error, { communityId }) =>
        error
          ? []
          : [{ type: 'Search' }, { type: 'QaFeed' }, ...(communityId ? (['CommunityPosts', 'Feed'] as const) : [])],
    }),
  }),
});

export const {
  useGetSearchResultsQuery,
  useGetSuggestionsQuery,
  useLazySearchPeopleQuery,
  useGetQaFeedInfiniteQuery,
  useAskAiMutation,
  useShareAnswerMutation,
} = searchApi;
