import type { LessonVideoPreview } from '@contract';

import { api } from '@/app/api';

import type { CourseDraft, CourseInput } from '../types';
import { courseTag } from './catalogueApi';

const draftTag = (id: string) => ({ type: 'VendorCourse' as const, id });

export const teachApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/vendor/courses: the teacher's own courses, drafts included. */
    getVendorCourses: build.query<CourseDraft[], void>({
      query: () => '/api/vendor/courses',
      providesTags: [{ type: 'VendorCourse', id: 'LIST' }],
    }),

    getVendorCourse: build.query<CourseDraft, string>({
      query: (id) => `/api/vendor/courses/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [draftTag(id)],
    }),

    createCourse: build.mutation<{ id: string }, CourseInput>({
      query: (body) => ({ url: '/api/courses', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'VendorCourse', id: 'LIST' }]),
    }),

    updateCourse: build.mutation<CourseDraft, { id: string; input: Partial<CourseInput> }>({
      query: ({ id, input }) => ({ url: `/api/courses/${encodeURIComponent(id)}`, method: 'PATCH', body: input }),
      invalidatesTags: (_r, error, { id }) =>
        error ? [] : [draftTag(id), { type: 'VendorCourse', id: 'LIST' }, courseTag(id), 'CourseList'],
    }),

    /**
     * GET /api/vendor/media/:id: the teacher's own lesson video as the editor previews it (its state,
     * the player's URLs for them, the probed length). Not cached once unused: signed URLs expire.
     */
    getLessonVideo: build.query<LessonVideoPreview, string>({
      query: (mediaId) => `/api/vendor/media/${encodeURIComponent(mediaId)}`,
      keepUnusedDataFor: 0,
    }),

    /** POST /api/courses/:id/publish or /unpublish. */
    setCoursePublished: build.mutation<CourseDraft, { id: string; publish: boolean }>({
      query: ({ id, publish }) => ({
        url: `/api/courses/${encodeURIComponent(id)}/${publish ? 'publish' : 'unpublish'}`,
        method: 'POST',
      }),
      invalidatesTags: (_r, error, { id }) =>
        error ? [] : [draftTag(id), { type: 'VendorCourse', id: 'LIST' }, courseTag(id), 'CourseList'],
    }),
  }),
});

export const {
  useGetVendorCoursesQuery,
  useGetVendorCourseQuery,
  useCreateCourseMutation,
  useUpdateCourseMutation,
  useSetCoursePublishedMutation,
  useGetLessonVideoQuery,
} = teachApi;
