import { api } from '@/app/api';

import type {
  CommunityBanView,
  CommunityJoinRequestsPage,
  CommunityMembersPage,
  CommunityMemberView,
  CommunityRole,
  CommunityView,
} from '../types';
import { communityTag, keepCommunity, slugPath } from './communitiesApi';

const members = (slug: string) => ({ type: 'CommunityMembers' as const, id: slug });
const requests = (slug: string) => ({ type: 'CommunityRequests' as const, id: slug });
const bans = (slug: string) => ({ type: 'CommunityBans' as const, id: slug });
const memberPath = (slug: string, userId: string) => `${slugPath(slug)}/members/${encodeURIComponent(userId)}`;

interface MemberTarget {
  slug: string;
  userId: string;
}

/** The community's people: members and their roles, join requests, invitations, mutes and bans. */
export const membersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Owner, moderators, then members by join time; paged by nextCursor. */
    getCommunityMembers: build.infiniteQuery<
      CommunityMembersPage,
      { slug: string; role?: CommunityRole },
      string | null
    >({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.nextCursor ?? undefined,
      },
      query: ({ queryArg: { slug, role }, pageParam }) => ({
        url: `${slugPath(slug)}/members`,
        params: { role, cursor: pageParam ?? undefined },
      }),
      providesTags: (_r, _e, { slug }) => [members(slug)],
    }),

    /** Moderators: the join requests waiting, oldest first. */
    getJoinRequests: build.infiniteQuery<CommunityJoinRequestsPage, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.nextCursor ?? undefined,
      },
      query: ({ queryArg: slug, pageParam }) => ({
        url: `${slugPath(slug)}/requests`,
        params: { cursor: pageParam ?? undefined },
      }),
      providesTags: (_r, _e, slug) => [requests(slug)],
    }),

    /** Approve or decline one request: the answer's pendingRequests is the new count. */
    answerJoinRequest: build.mutation<CommunityView, MemberTarget & { decision: 'approve' | 'decline' }>({
      query: ({ slug, userId, decision }) => ({
        url: `${slugPath(slug)}/requests/${encodeURIComponent(userId)}/${decision}`,
        method: 'POST',
      }),
      transformResponse: (answer: { community: CommunityView }) => answer.community,
      onQueryStarted: ({ slug }, lifecycle) => keepCommunity(slug, lifecycle),
      invalidatesTags: (_r, error, { slug }) => (error ? [] : [requests(slug), members(slug)]),
    }),

    /** 201 `{ invited }`: the member may then join without a request. */
    inviteMember: build.mutation<{ invited: string }, { slug: string; username: string }>({
      query: ({ slug, username }) => ({ url: `${slugPath(slug)}/invites`, method: 'POST', body: { username } }),
    }),

    /** The owner makes a member a moderator or back. */
    setMemberRole: build.mutation<{ member: CommunityMemberView }, MemberTarget & { role: 'moderator' | 'member' }>({
      query: ({ slug, userId, role }) => ({ url: `${memberPath(slug, userId)}/role`, method: 'POST', body: { role } }),
      invalidatesTags: (_r, error, { slug }) => (error ? [] : [members(slug)]),
    }),

    /** The owner hands ownership over; they stay on as a moderator. */
    transferOwnership: build.mutation<CommunityView, MemberTarget>({
      query: ({ slug, userId }) => ({ url: `${slugPath(slug)}/owner`, method: 'POST', body: { userId } }),
      transformResponse: (answer: { community: CommunityView }) => answer.community,
      onQueryStarted: ({ slug }, lifecycle) => keepCommunity(slug, lifecycle),
      invalidatesTags: (_r, error, { slug }) => (error ? [] : [members(slug)]),
    }),

    /** Mute (with a reason) or unmute: a muted member reads but cannot post or comment. */
    setMemberMuted: build.mutation<{ member: CommunityMemberView }, MemberTarget & { muted: boolean; reason?: string }>(
      {
        query: ({ slug, userId, muted, reason }) => ({
          url: `${memberPath(slug, userId)}/mute`,
          method: muted ? 'POST' : 'DELETE',
          ...(muted ? { body: { reason: reason ?? '' } } : {}),
        }),
        invalidatesTags: (_r, error, { slug }) => (error ? [] : [members(slug)]),
      },
    ),

    /** Ban (removed, cannot rejoin or request) with a reason. */
    banMember: build.mutation<{ banned: true }, MemberTarget & { reason: string }>({
      query: ({ slug, userId, reason }) => ({
        url: `${memberPath(slug, userId)}/ban`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: (_r, error, { slug }) =>
        error ? [] : [members(slug), bans(slug), communityTag(slug), requests(slug)],
    }),

    liftBan: build.mutation<unknown, MemberTarget>({
      query: ({ slug, userId }) => ({ url: `${memberPath(slug, userId)}/ban`, method: 'DELETE' }),
      invalidatesTags: (_r, error, { slug }) => (error ? [] : [bans(slug)]),
    }),

    getCommunityBans: build.query<CommunityBanView[], string>({
      query: (slug) => `${slugPath(slug)}/bans`,
      transformResponse: (answer: { bans: CommunityBanView[] }) => answer.bans,
      providesTags: (_r, _e, slug) => [bans(slug)],
    }),
  }),
});

export const {
  useGetCommunityMembersInfiniteQuery,
  useGetJoinRequestsInfiniteQuery,
  useAnswerJoinRequestMutation,
  useInviteMemberMutation,
  useSetMemberRoleMutation,
  useTransferOwnershipMutation,
  useSetMemberMutedMutation,
  useBanMemberMutation,
  useLiftBanMutation,
  useGetCommunityBansQuery,
} = membersApi;
