import { useNavigate } from 'react-router-dom';

import { serverMessage } from '@/app/baseQuery';
import { useTranslation } from '@/i18n/useTranslation';
import { useSession } from '@/resources/session';
import { useToast } from '@/ui/toast';

import { useAddCartItemMutation } from '../api/cartApi';
import { useEnrollMutation } from '../api/catalogueApi';
import { teachesCourse } from '../format';
import type { CourseDetail } from '../types';

/**
 * The detail page's purchase actions. Adding uses the §7 detail variant (POST /api/cart/items) with
 * its own §8 toasts; Buy Now goes to /checkout with this course only (its failures are logged only).
 * `teaches`: the member is the course's teacher, who is offered neither (the server refuses both).
 */
export function useDetailPurchase(course: CourseDetail | undefined) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { user, isLoading: sessionLoading } = useSession();
  const [addItem, addState] = useAddCartItemMutation();
  const [enroll, enrollState] = useEnrollMutation();
  // The session decides too: a course page kept from before (offline copy, a guest's visit) says isTeacher false.
  const teaches = !!course && (course.viewer.isTeacher || teachesCourse(course, user));

  const needLogin = () => {
    if (!sessionLoading) toast(t('learning.toast.detailLoginBody'), 'error', t('learning.toast.detailLoginTitle'));
  };

  return {
    busy: addState.isLoading || enrollState.isLoading,
    teaches,
    addToCart: async () => {
      if (!course || teaches) return;
      if (!user) return needLogin();
      const result = await addItem(course.id);
      if ('error' in result)
        toast(
          serverMessage(result.error) ?? t('learning.toast.detailAddFailed'),
          'error',
          t('learning.toast.detailErrorTitle'),
        );
      else toast(t('learning.toast.detailAddedBody'), 'success', t('learning.toast.detailAddedTitle'));
    },
    enroll: async () => {
      if (!course) return;
      if (!user) return needLogin();
      const result = await enroll(course.id);
      if ('error' in result)
        toast(
          serverMessage(result.error) ?? t('learning.toast.enrollFailed'),
          'error',
          t('learning.toast.enrollFailed'),
        );
      else {
        toast(t('learning.toast.enrolledBody', { course: course.title }), 'success', t('learning.toast.enrolledTitle'));
        void navigate(`/course/${encodeURIComponent(course.id)}/learn`);
      }
    },
    buyNow: () => {
      if (!course || teaches) return;
      if (!user) return needLogin();
      void navigate(`/checkout?courseId=${encodeURIComponent(course.id)}`);
    },
  };
}
