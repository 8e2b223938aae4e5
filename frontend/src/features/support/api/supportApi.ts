import { api } from '@/app/api';

import type {
  Auditor,
  DisbursementInput,
  DonateAnswer,
  DonateRequest,
  DonationsStatus,
  DonationView,
  LedgerPage,
  NotifyAnswer,
  NotifyRequest,
  Orphan,
  OrphanDetail,
  OrphanInput,
} from '../types';

export const LEDGER_PAGE_SIZE = 20;

/** What a paid donation or a disbursement changes: the total, the ledger and the orphans' raised sums. */
const MONEY_MOVED = ['Ledger', 'Orphan'] as const;

export const supportApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrphans: build.query<Orphan[], void>({
      query: () => '/api/orphans',
      providesTags: ['Orphan'],
    }),

    getAuditors: build.query<Auditor[], void>({
      query: () => '/api/auditors',
    }),

    /** Paused or open, and the ceiling of one donation. */
    getDonationsStatus: build.query<DonationsStatus, void>({
      query: () => '/api/donations/status',
      providesTags: ['DonationsStatus'],
    }),

    /** POST /api/notify/donations-open: a guest sends an email, a member nothing. */
    notifyDonationsOpen: build.mutation<NotifyAnswer, NotifyRequest>({
      query: (body) => ({ url: '/api/notify/donations-open', method: 'POST', body }),
    }),

    /** The confirmation page's button: POST /api/notify/donations-open/confirm {token}. */
    confirmNotify: build.mutation<{ message: string }, string>({
      query: (token) => ({ url: '/api/notify/donations-open/confirm', method: 'POST', body: { token } }),
    }),

    /** The unsubscribe page's button: POST /api/notify/donations-open/unsubscribe {token}. */
    unsubscribeNotify: build.mutation<{ message: string }, string>({
      query: (token) => ({ url: '/api/notify/donations-open/unsubscribe', method: 'POST', body: { token } }),
    }),

    /** POST /api/donate: a pending donation and the payment it started. */
    donate: build.mutation<DonateAnswer, DonateRequest>({
      query: (body) => ({ url: '/api/donate', method: 'POST', body }),
    }),

    /** GET /api/donations/:id: polled by the donor while the payment is pending. */
    getDonation: build.query<DonationView, string>({
      query: (id) => `/api/donations/${encodeURIComponent(id)}`,
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data.status === 'paid') dispatch(api.util.invalidateTags([...MONEY_MOVED]));
        } catch {
          /* the dialog shows the failure */
        }
      },
    }),

    /** GET /api/donations/ledger: newest first, paged by nextCursor; every page carries the totals. */
    getLedger: build.infiniteQuery<LedgerPage, void, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.nextCursor ?? undefined,
      },
      query: ({ pageParam }) => ({
        url: '/api/donations/ledger',
        params: { limit: LEDGER_PAGE_SIZE, cursor: pageParam ?? undefined },
      }),
      providesTags: ['Ledger'],
    }),

    /** Admin: PUT /api/admin/donations {paused}. */
    setDonationsPaused: build.mutation<DonationsStatus, boolean>({
      query: (paused) => ({ url: '/api/admin/donations', method: 'PUT', body: { paused } }),
      invalidatesTags: (_r, error) => (error ? [] : ['DonationsStatus']),
    }),

    /** Admin: POST /api/admin/orphans. */
    addOrphan: build.mutation<OrphanDetail, OrphanInput>({
      query: (body) => ({ url: '/api/admin/orphans', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : ['Orphan']),
    }),

    /** Admin: POST /api/admin/disbursements. */
    recordDisbursement: build.mutation<unknown, DisbursementInput>({
      query: (body) => ({ url: '/api/admin/disbursements', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : [...MONEY_MOVED]),
    }),
  }),
});

export const {
  useGetOrphansQuery,
  useGetAuditorsQuery,
  useGetDonationsStatusQuery,
  useNotifyDonationsOpenMutation,
  useConfirmNotifyMutation,
  useUnsubscribeNotifyMutation,
  useDonateMutation,
  useGetDonationQuery,
  useGetLedgerInfiniteQuery,
  useSetDonationsPausedMutation,
  useAddOrphanMutation,
  useRecordDisbursementMutation,
} = supportApi;
