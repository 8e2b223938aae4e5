import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';

import { api } from '@/app/api';

import type {
  CommunityFilters,
  CommunityForm,
  CommunityJoinAnswer,
  CommunityPage,
  CommunitySettingsBody,
  CommunityView,
} from '../types';

export const COMMUNITIES_PAGE_SIZE = 20;

type ApiDispatch = ThunkDispatch<{ [api.reducerPath]: ReturnType<typeof api.reducer> }, unknown, UnknownAction>;

export const communityTag = (slug: string) => ({ type: 'Community' as const, id: slug });
export const slugPath = (slug: string) => `/api/communities/${encodeURIComponent(slug)}`;

/** PATCH body: any part of the form but the slug and the privacy, which are set once. */
export type CommunityPatch = Partial<Omit<CommunityForm, 'slug' | 'privacy'>>;

export const communitiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/communities: a guest sees public ones only; a member's own come first. */
    getCommunities: build.infiniteQuery<CommunityPage, CommunityFilters, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.nextCursor ?? undefined,
      },
      query: ({ queryArg: f, pageParam }) => ({
        url: '/api/communities',
        params: {
          q: f.q.trim() || undefined,
          category: f.category || undefined,
          city: f.city.trim() || undefined,
          mine: f.mine ? 'true' : undefined,
          limit: COMMUNITIES_PAGE_SIZE,
          cursor: pageParam ?? undefined,
        },
      }),
      providesTags: ['CommunityList'],
    }),

    /** GET /api/communities/:slug: the about part, for anyone (404 COMMUNITY_NOT_FOUND). */
    getCommunity: build.query<CommunityView, string>({
      query: (slug) => slugPath(slug),
      transformResponse: (answer: { community: CommunityView }) => answer.community,
      // A missing community is an answer, not a hiccup: shown at once.
      extraOptions: { maxRetries: 0 },
      providesTags: (_r, _e, slug) => [communityTag(slug)],
    }),

    /** POST /api/communities: 201 with the new community (409 SLUG_TAKEN, 403 EMAIL_NOT_VERIFIED). */
    createCommunity: build.mutation<CommunityView, CommunityForm>({
      query: (body) => ({ url: '/api/communities', method: 'POST', body }),
      transformResponse: (answer: { community: CommunityView }) => answer.community,
      invalidatesTags: (_r, error) => (error ? [] : ['CommunityList']),
    }),

    updateCommunity: build.mutation<CommunityView, { slug: string; patch: CommunityPatch }>({
      query: ({ slug, patch }) => ({ url: slugPath(slug), method: 'PATCH', body: patch }),
      transformResponse: (answer: { community: CommunityView }) => answer.community,
      onQueryStarted: ({ slug }, lifecycle) => keepCommunity(slug, lifecycle),
      invalidatesTags: (_r, error) => (error ? [] : ['CommunityList']),
    }),

    /**
     * DELETE /api/communities/:slug: its owner, or the app's staff with a reason. Every list, the
     * feeds (its posts go with it) and the notices change.
     */
    deleteCommunity: build.mutation<{ deleted: true }, { slug: string; reason?: string }>({
      query: ({ slug, reason }) => ({ url: slugPath(slug), method: 'DELETE', body: reason ? { reason } : {} }),
      invalidatesTags: (_r, error, { slug }) =>
        error ? [] : ['Feed', 'Notification', 'Search', communityTag(slug), ...membershipChanged(slug)],
    }),

    /** 201 joined, 202 request sent: the answer's `me.standing` tells which (member or requested). */
    joinCommunity: build.mutation<CommunityView, string>({
      query: (slug) => ({ url: `${slugPath(slug)}/join`, method: 'POST' }),
      transformResponse: (answer: CommunityJoinAnswer) => answer.community,
      onQueryStarted: (slug, lifecycle) => keepCommunity(slug, lifecycle),
      invalidatesTags: (_r, error, slug) => (error ? [] : membershipChanged(slug)),
    }),

    /** Leaves, or withdraws a pending request (409 OWNER_CANNOT_LEAVE). */
    leaveCommunity: build.mutation<CommunityView, string>({
      query: (slug) => ({ url: `${slugPath(slug)}/leave`, method: 'POST' }),
      transformResponse: (answer: { community: CommunityView }) => answer.community,
      onQueryStarted: (slug, lifecycle) => keepCommunity(slug, lifecycle),
      invalidatesTags: (_r, error, slug) => (error ? [] : membershipChanged(slug)),
    }),

    /** PUT …/settings: the member's own notifications level and home-feed choice. */
    updateCommunitySettings: build.mutation<CommunityView, { slug: string; settings: CommunitySettingsBody }>({
      query: ({ slug, settings }) => ({ url: `${slugPath(slug)}/settings`, method: 'PUT', body: settings }),
      transformResponse: (answer: { community: CommunityView }) => answer.community,
      onQueryStarted: ({ slug }, lifecycle) => keepCommunity(slug, lifecycle),
      // The home feed gains or loses the community's posts.
      invalidatesTags: (_r, error, { settings }) => (error || settings.feedInHome === undefined ? [] : ['Feed']),
    }),
  }),
});

/** Joining or leaving changes the lists, who is listed as a member and, for a private one, the feed. */
function membershipChanged(slug: string) {
  return [
    'CommunityList' as const,
    { type: 'CommunityPosts' as const, id: slug },
    { type: 'CommunityMembers' as const, id: slug },
  ];
}

/**
 * A write that answers the community puts that answer in the screen's copy (no second request): the
 * standing, counts and settings are the server's at once.
 */
export async function keepCommunity(
  slug: string,
  { dispatch, queryFulfilled }: { dispatch: ApiDispatch; queryFulfilled: Promise<{ data: CommunityView }> },
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    dispatch(communitiesApi.util.updateQueryData('getCommunity', slug, () => data));
  } catch {
    /* the screen shows the failure */
  }
}

export const {
  useGetCommunitiesInfiniteQuery,
  useGetCommunityQuery,
  useCreateCommunityMutation,
  useUpdateCommunityMutation,
  useJoinCommunityMutation,
  useLeaveCommunityMutation,
  useUpdateCommunitySettingsMutation,
  useDeleteCommunityMutation,
} = communitiesApi;
