import { api } from '@/app/api';

import type {
  AppealQueuePage,
  AppealStatusFilter,
  AuditEventsPage,
  AuditStreamDiff,
  AuditStreamHit,
  AuditStreamState,
  DriftReport,
  MemberActivity,
  ModerationAction,
  ModerationOutcome,
  ProjectionStatus,
  RebuildProgress,
  ReportQueuePage,
  ReportStatusFilter,
  ReportTargetType,
} from '../types';

export interface ActionRequest {
  targetType: ReportTargetType;
  targetId: string;
  action: ModerationAction;
  reason: string;
  until?: string;
}

/** The route of each action (backend/modules/moderation/README.md). */
export function actionUrl({ targetType, targetId, action }: Pick<ActionRequest, 'targetType' | 'targetId' | 'action'>) {
  const id = encodeURIComponent(targetId);
  if (action === 'dismiss') return `/api/admin/reports/${targetType}/${id}/dismiss`;
  if (action === 'reject_appeal') return `/api/admin/posts/${id}/reject-appeal`;
  const resource = { post: 'posts', comment: 'comments', user: 'users', message: 'messages' }[targetType];
  return `/api/admin/${resource}/${id}/${action}`;
}

export const moderationApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/admin/reports: one entry per reported target; `reason` keeps the rounds with such a report. */
    getReports: build.query<
      ReportQueuePage,
      { status: ReportStatusFilter; reason?: string | null; cursor?: string | null }
    >({
      query: ({ status, reason, cursor }) => ({
        url: '/api/admin/reports',
        params: { status, ...(reason ? { reason } : {}), ...(cursor ? { cursor } : {}) },
      }),
      providesTags: ['Report'],
    }),

    /** GET /api/admin/appeals: post authors' appeals, waiting (oldest first) or decided (latest first). */
    getAppeals: build.query<AppealQueuePage, { status: AppealStatusFilter; cursor?: string | null }>({
      query: ({ status, cursor }) => ({ url: '/api/admin/appeals', params: { status, ...(cursor ? { cursor } : {}) } }),
      // Both queues move with the same actions (a restore closes a report's round and grants an appeal).
      providesTags: ['Report'],
    }),

    /**
     * Every action answers the event it recorded; the queues move (open → resolved, pending → decided)
     * after it, and a post acted on reads anew wherever it is shown.
     */
    moderate: build.mutation<ModerationOutcome, ActionRequest>({
      query: ({ reason, until, ...target }) => ({
        url: actionUrl(target),
        method: 'POST',
        body: until ? { reason, until } : { reason },
      }),
      invalidatesTags: (_r, error, { targetType, targetId }) =>
        error
          ? []
          : ['Report', 'AuditStream', ...(targetType === 'post' ? [{ type: 'Post' as const, id: targetId }] : [])],
    }),

    findStreams: build.query<AuditStreamHit[], string>({
      query: (q) => ({ url: '/api/admin/audit/streams', params: { q } }),
      providesTags: ['AuditStream'],
    }),

    getStreamEvents: build.query<AuditEventsPage, { streamId: string; cursor?: string | null }>({
      query: ({ streamId, cursor }) => ({
        url: `/api/admin/audit/streams/${encodeURIComponent(streamId)}/events`,
        params: cursor ? { cursor } : {},
      }),
      providesTags: ['AuditStream'],
    }),

    /** What members saw of the stream as of version `at` (its last version when null). */
    getStreamState: build.query<AuditStreamState, { streamId: string; at: number | null }>({
      query: ({ streamId, at }) => ({
        url: `/api/admin/audit/streams/${encodeURIComponent(streamId)}/state`,
        params: at === null ? {} : { at: String(at) },
      }),
      providesTags: ['AuditStream'],
    }),

    /** The fields of the view that changed from version `from` to version `to`. */
    getStreamDiff: build.query<AuditStreamDiff, { streamId: string; from: number; to: number }>({
      query: ({ streamId, from, to }) => ({
        url: `/api/admin/audit/streams/${encodeURIComponent(streamId)}/diff`,
        params: { from: String(from), to: String(to) },
      }),
      providesTags: ['AuditStream'],
    }),

    /** Every stream a member acted on (the audit projection's actor index). */
    getMemberActivity: build.query<MemberActivity, string>({
      query: (userId) => `/api/admin/audit/members/${encodeURIComponent(userId)}/streams`,
      providesTags: ['AuditStream'],
    }),

    getProjections: build.query<ProjectionStatus[], void>({
      query: () => '/api/admin/projections',
      providesTags: ['Projection'],
    }),

    /** Admins only: 202 with the rebuild's progress, then followed in getProjections. */
    rebuildProjection: build.mutation<RebuildProgress, string>({
      query: (name) => ({ url: `/api/admin/projections/${encodeURIComponent(name)}/rebuild`, method: 'POST' }),
      invalidatesTags: (_r, error) => (error ? [] : ['Projection']),
    }),

    verifyProjections: build.query<DriftReport, void>({
      query: () => '/api/admin/projections/verify',
    }),
  }),
});

export const {
  useGetReportsQuery,
  useGetAppealsQuery,
  useModerateMutation,
  useFindStreamsQuery,
  useGetStreamEventsQuery,
  useGetStreamStateQuery,
  useGetStreamDiffQuery,
  useGetMemberActivityQuery,
  useGetProjectionsQuery,
  useRebuildProjectionMutation,
  useLazyVerifyProjectionsQuery,
} = moderationApi;
