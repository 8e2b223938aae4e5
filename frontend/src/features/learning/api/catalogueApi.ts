import { api } from '@/app/api';

import type {
  CataloguePage,
  CompleteLessonAnswer,
  CourseCategory,
  CourseDetail,
  CourseLevel,
  CourseSort,
  CourseStats,
  LearnView,
  Review,
  ReviewsPage,
} from '../types';

/** One catalogue page; the screen loads more as the member scrolls. */
export const CATALOGUE_PAGE_SIZE = 20;

export interface CatalogueFilters {
  search: string;
  category: 'all' | CourseCategory;
  level: 'all' | CourseLevel;
  sort: CourseSort;
  priceMin: number;
  priceMax: number;
}

export const courseTag = (id: string) => ({ type: 'Course' as const, id });

export const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/courses: published courses, filtered and sorted by the server, paged by nextCursor. */
    getCourses: build.infiniteQuery<CataloguePage, CatalogueFilters, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.nextCursor ?? undefined,
      },
      query: ({ queryArg: f, pageParam }) => ({
        url: '/api/courses',
        params: {
          search: f.search || undefined,
          category: f.category,
          level: f.level,
          sort: f.sort,
          priceMin: f.priceMin,
          priceMax: f.priceMax,
          limit: CATALOGUE_PAGE_SIZE,
          cursor: pageParam ?? undefined,
        },
      }),
      providesTags: ['CourseList'],
    }),

    getCourseStats: build.query<CourseStats, void>({
      query: () => '/api/courses/stats',
      providesTags: ['CourseList'],
    }),

    /** GET /api/courses/:id: the course with the viewer's curriculum state (404 when unknown). */
    getCourse: build.query<CourseDetail, string>({
      query: (id) => `/api/courses/${encodeURIComponent(id)}`,
      // A missing course is an answer, not a hiccup: shown at once (other failures offer Try again).
      extraOptions: { maxRetries: 0 },
      providesTags: (_r, _e, id) => [courseTag(id)],
    }),

    getCourseReviews: build.infiniteQuery<ReviewsPage, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.nextCursor ?? undefined,
      },
      query: ({ queryArg: id, pageParam }) => ({
        url: `/api/courses/${encodeURIComponent(id)}/reviews`,
        params: { cursor: pageParam ?? undefined },
      }),
      providesTags: (_r, _e, id) => [courseTag(id)],
    }),

    /** POST /api/course/:id/enroll: free courses only (a paid one answers 409). */
    enroll: build.mutation<{ courseId: string; enrolled: true }, string>({
      query: (id) => ({ url: `/api/course/${encodeURIComponent(id)}/enroll`, method: 'POST' }),
      invalidatesTags: (_r, error, id) => (error ? [] : [courseTag(id), 'StudentCourses', 'CourseList']),
    }),

    getLearnView: build.query<LearnView, string>({
      query: (id) => `/api/courses/${encodeURIComponent(id)}/learn`,
      providesTags: (_r, _e, id) => [courseTag(id)],
    }),

    /** The lesson that completes the course also answers its certificate (`completed`, `certificateId`). */
    completeLesson: build.mutation<CompleteLessonAnswer, { courseId: string; lessonId: string }>({
      query: ({ courseId, lessonId }) => ({
        url: `/api/courses/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}/complete`,
        method: 'POST',
      }),
      // The lesson list shows the tick at once; the answer brings the server's progress.
      async onQueryStarted({ courseId, lessonId }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          catalogueApi.util.updateQueryData('getLearnView', courseId, (view) => {
            for (const section of view.sections)
              for (const lesson of section.lessons) if (lesson.id === lessonId) lesson.completed = true;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(
            catalogueApi.util.updateQueryData('getLearnView', courseId, (view) => {
              view.progress = data.progress;
              view.currentLessonId = data.currentLessonId;
              view.completed = data.completed;
              view.certificateId = data.certificateId;
            }),
          );
          // The course page (if it was opened) links the certificate too.
          dispatch(
            catalogueApi.util.updateQueryData('getCourse', courseId, (course) => {
              course.viewer.certificateId = data.certificateId;
            }),
          );
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: ['StudentCourses'],
    }),

    /** PUT …/position: where the student stopped in a video (whole seconds); 204. */
    saveLessonPosition: build.mutation<void, { courseId: string; lessonId: string; seconds: number }>({
      query: ({ courseId, lessonId, seconds }) => ({
        url: `/api/courses/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}/position`,
        method: 'PUT',
        body: { seconds },
      }),
    }),

    writeReview: build.mutation<Review, { courseId: string; rating: number; comment: string }>({
      query: ({ courseId, rating, comment }) => ({
        url: `/api/courses/${encodeURIComponent(courseId)}/reviews`,
        method: 'POST',
        body: { rating, comment },
      }),
      invalidatesTags: (_r, error, { courseId }) => (error ? [] : [courseTag(courseId), 'CourseList']),
    }),

    replyToReview: build.mutation<Review, { courseId: string; studentId: string; text: string }>({
      query: ({ courseId, studentId, text }) => ({
        url: `/api/courses/${encodeURIComponent(courseId)}/reviews/${encodeURIComponent(studentId)}/reply`,
        method: 'POST',
        body: { text },
      }),
      invalidatesTags: (_r, error, { courseId }) => (error ? [] : [courseTag(courseId)]),
    }),
  }),
});

export const {
  useGetCoursesInfiniteQuery,
  useGetCourseStatsQuery,
  useGetCourseQuery,
  useGetCourseReviewsInfiniteQuery,
  useEnrollMutation,
  useGetLearnViewQuery,
  useCompleteLessonMutation,
  useSaveLessonPositionMutation,
  useWriteReviewMutation,
  useReplyToReviewMutation,
} = catalogueApi;
