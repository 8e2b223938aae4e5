import { api } from '@/app/api';

import type { CertificateView } from '../types';
import { catalogueApi, courseTag } from './catalogueApi';

/**
 * Certificates of completion (issue 40). They change with the member's courses (a refund revokes
 * one, the server's `courses` push says so), so they stand behind the StudentCourses tag.
 */
export const certificatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/certificates/:id: anyone with the link, a guest too (404 for a code no one holds). */
    getCertificate: build.query<CertificateView, string>({
      query: (id) => `/api/certificates/${encodeURIComponent(id)}`,
      // An unknown code is an answer, shown at once.
      extraOptions: { maxRetries: 0 },
      providesTags: ['StudentCourses'],
    }),

    /** GET /api/me/certificates: the member's own, newest first. */
    getMyCertificates: build.query<CertificateView[], void>({
      query: () => '/api/me/certificates',
      providesTags: ['StudentCourses'],
    }),

    /** POST /api/courses/:id/certificate: for a course finished before certificates existed (201 new, 200 the one that stands). */
    claimCertificate: build.mutation<CertificateView, string>({
      query: (courseId) => ({ url: `/api/courses/${encodeURIComponent(courseId)}/certificate`, method: 'POST' }),
      async onQueryStarted(courseId, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            catalogueApi.util.updateQueryData('getLearnView', courseId, (view) => {
              view.certificateId = data.id;
            }),
          );
        } catch {
          // The screen shows the refusal.
        }
      },
      invalidatesTags: (_r, error, courseId) => (error ? [] : ['StudentCourses', courseTag(courseId)]),
    }),
  }),
});

export const { useGetCertificateQuery, useGetMyCertificatesQuery, useClaimCertificateMutation } = certificatesApi;
