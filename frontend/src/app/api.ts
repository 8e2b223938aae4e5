import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { createApi, retry } from '@reduxjs/toolkit/query/react';

import { type ApiError, createBaseQuery, type RequestArgs } from './baseQuery';

/** §9 query cache rules. */
export const QUERY_STALE_SECONDS = 5 * 60;
export const QUERY_KEEP_SECONDS = 30 * 60;
export const QUERY_MAX_RETRIES = 2;

/** Doubling backoff from 1 s, capped at 30 s. */
export function backoffDelay(attempt: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempt - 1), 30_000);
}

/** Queries retry (up to 2) unless the failure is 401 or 403; mutations never retry. */
export function shouldRetry(error: ApiError, type: 'query' | 'mutation'): boolean {
  if (type === 'mutation') return false;
  return error.status !== 401 && error.status !== 403;
}

// With a retryCondition, RTK's retry ignores maxRetries; the condition enforces it (per-endpoint override too).
const retryingBaseQuery = retry(createBaseQuery(), {
  backoff: (attempt) => new Promise((resolve) => setTimeout(resolve, backoffDelay(attempt))),
  retryCondition: (error, _args, { attempt, baseQueryApi, extraOptions }) => {
    const max = (extraOptions as { maxRetries?: number } | undefined)?.maxRetries ?? QUERY_MAX_RETRIES;
    return attempt <= max && shouldRetry(error as ApiError, baseQueryApi.type);
  },
}) as BaseQueryFn<string | RequestArgs, unknown, ApiError, { maxRetries?: number }>;

export const TAG_TYPES = [
  'Me',
  'Post',
  'Feed',
  'Profile',
  'Comment',
  'Notification',
  'Bookmark',
  'Relationship',
  'UnreadCount',
  'ProfileTab',
  'Search',
  'QaFeed',
  'Course',
  'CourseList',
  'Cart',
  'StudentCourses',
  'Order',
  'VendorStatus',
  'VendorCourse',
  'VendorApplication',
  'Conversation',
  'Message',
  'Report',
  'AuditStream',
  'Projection',
  'Orphan',
  'Ledger',
  'DonationsStatus',
  'Community',
  'CommunityList',
  'CommunityPosts',
  'CommunityMembers',
  'CommunityRequests',
  'CommunityBans',
  'CommunityReports',
] as const;

export type TagType = (typeof TAG_TYPES)[number];

/** The one RTK Query API of the app; features inject their endpoints into it. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: retryingBaseQuery,
  tagTypes: TAG_TYPES,
  keepUnusedDataFor: QUERY_KEEP_SECONDS,
  refetchOnMountOrArgChange: QUERY_STALE_SECONDS,
  refetchOnFocus: false,
  refetchOnReconnect: true,
  endpoints: () => ({}),
});
