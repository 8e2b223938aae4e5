import { api } from '@/app/api';

import type { TeacherApplicationRequest, VendorApplication, VendorStatus } from '../types';

export const vendorApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/vendor/status (members): teacher or not, and where an application stands. */
    getVendorStatus: build.query<VendorStatus, void>({
      query: () => '/api/vendor/status',
      providesTags: ['VendorStatus'],
    }),

    /** POST /api/vendor/register: the Become a Teacher form; §4 refreshes the vendor status after. */
    registerVendor: build.mutation<VendorStatus, TeacherApplicationRequest>({
      query: (body) => ({ url: '/api/vendor/register', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : ['VendorStatus']),
    }),

    /** Moderators: the applications waiting for a decision. */
    getVendorApplications: build.query<VendorApplication[], void>({
      query: () => ({ url: '/api/admin/vendors', params: { status: 'pending' } }),
      providesTags: ['VendorApplication'],
    }),

    approveVendor: build.mutation<VendorApplication, string>({
      query: (userId) => ({ url: `/api/admin/vendors/${encodeURIComponent(userId)}/approve`, method: 'POST' }),
      invalidatesTags: (_r, error) => (error ? [] : ['VendorApplication']),
    }),

    rejectVendor: build.mutation<VendorApplication, { userId: string; reason: string }>({
      query: ({ userId, reason }) => ({
        url: `/api/admin/vendors/${encodeURIComponent(userId)}/reject`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: (_r, error) => (error ? [] : ['VendorApplication']),
    }),
  }),
});

export const {
  useGetVendorStatusQuery,
  useRegisterVendorMutation,
  useGetVendorApplicationsQuery,
  useApproveVendorMutation,
  useRejectVendorMutation,
} = vendorApi;
