import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';

import { useTranslation } from '@/i18n/useTranslation';
import { useMemberGate, useSession } from '@/resources/session';

import { useGetVendorStatusQuery } from '../api/vendorApi';
import { TeacherApplyDialog } from './TeacherApplyDialog';

/**
 * §2 'scholarApply': hidden for teachers; 'under review' once an application is pending (§4); a guest
 * is sent to sign in.
 */
export function TeacherApplyButton() {
  const { t } = useTranslation();
  const { user } = useSession();
  const gate = useMemberGate();
  const status = useGetVendorStatusQuery(user ? undefined : skipToken);
  const [open, setOpen] = useState(false);
  if (status.data?.isVendor) return null;
  if (status.data?.status === 'pending')
    return (
      <p className="apply-status" role="status">
        {t('learning.underReview')}
      </p>
    );
  return (
    <>
      <button type="button" className="button" onClick={() => gate(() => setOpen(true))}>
        {t('learning.scholarApply')}
      </button>
      {open ? <TeacherApplyDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}
