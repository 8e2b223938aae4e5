import { useNavigate } from 'react-router-dom';

import { serverMessage } from '@/app/baseQuery';
import { useTranslation } from '@/i18n/useTranslation';
import { useToast } from '@/ui/toast';

import { useAddToCartMutation, useRemoveFromCartMutation } from '../api/cartApi';
import { useEnrollMutation } from '../api/catalogueApi';
import { isFreePrice, teachesCourse } from '../format';
import type { CourseCard } from '../types';
import { useLearner } from './useLearner';

export type CourseButtonKind = 'teach' | 'continue' | 'start' | 'remove' | 'add';

/**
 * §4 Course button: the member's own course → Edit course (a teacher cannot buy it); owned → Continue Learning; free → Start Learning (enrols); in the cart → Remove
 * from Cart; otherwise Add to Cart. Disabled while one of its requests is pending. A guest is told to
 * log in (§6, §8).
 */
export function useCourseButton(course: CourseCard) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const learner = useLearner();
  const [add, addState] = useAddToCartMutation();
  const [remove, removeState] = useRemoveFromCartMutation();
  const [enroll, enrollState] = useEnrollMutation();

  const kind: CourseButtonKind = teachesCourse(course, learner.user)
    ? 'teach'
    : learner.isOwned(course.id)
      ? 'continue'
      : isFreePrice(course.price)
        ? 'start'
        : learner.isInCart(course.id)
          ? 'remove'
          : 'add';
  const busy = addState.isLoading || removeState.isLoading || enrollState.isLoading;

  async function onClick() {
    if (kind === 'teach') {
      void navigate(`/teach/${encodeURIComponent(course.id)}`);
      return;
    }
    if (kind === 'continue') {
      void navigate(`/course/${encodeURIComponent(course.id)}/learn`);
      return;
    }
    if (!learner.user) {
      // Until the session is known a tap does nothing rather than tell a member to log in.
      if (!learner.sessionLoading) toast(t('learning.toast.loginBody'), 'error', t('learning.toast.loginTitle'));
      return;
    }
    if (kind === 'start') {
      const result = await enroll(course.id);
      if ('error' in result)
        toast(
          serverMessage(result.error) ?? t('learning.toast.enrollFailed'),
          'error',
          t('learning.toast.enrollFailed'),
        );
      else
        toast(t('learning.toast.enrolledBody', { course: course.title }), 'success', t('learning.toast.enrolledTitle'));
    } else if (kind === 'remove') {
      const result = await remove(course.id);
      if ('error' in result) toast(t('learning.toast.removeFailed'), 'error');
      else toast(t('learning.toast.removed'), 'success');
    } else {
      const result = await add(course);
      if ('error' in result) {
        const reason = serverMessage(result.error);
        toast(reason ?? t('learning.toast.addFailed'), 'error', t('learning.toast.addFailed'));
      } else toast(t('learning.toast.addedBody', { course: course.title }), 'success', t('learning.toast.addedTitle'));
    }
  }

  return { kind, busy, onClick: () => void onClick() };
}
