import { skipToken } from '@reduxjs/toolkit/query';

import { useSession } from '@/resources/session';

import { useGetCartQuery } from '../api/cartApi';
import { useGetStudentCoursesQuery } from '../api/studentApi';

/**
 * What the course buttons need to know about the member: signed in or not, which courses they own and
 * which are in their cart. A guest asks for neither (both answer 401).
 */
export function useLearner() {
  const { user, isLoading } = useSession();
  const cart = useGetCartQuery(user ? undefined : skipToken);
  const owned = useGetStudentCoursesQuery(user ? undefined : skipToken);
  return {
    user,
    sessionLoading: isLoading,
    isOwned: (courseId: string) => owned.data?.some((entry) => entry.courseId === courseId) ?? false,
    isInCart: (courseId: string) => cart.data?.items.some((item) => item.courseId === courseId) ?? false,
  };
}
