import { api } from '@/app/api';

import type { StudentCourse } from '../types';

export const studentApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/student/courses: what the member owns, most recently enrolled first. */
    getStudentCourses: build.query<StudentCourse[], void>({
      query: () => '/api/student/courses',
      providesTags: ['StudentCourses'],
    }),
  }),
});

export const { useGetStudentCoursesQuery } = studentApi;
