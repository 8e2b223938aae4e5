import '../learning.css';

import { type FormEvent, useState } from 'react';

import { serverMessage } from '@/app/baseQuery';
import { listFormat } from '@/i18n/formatters';
import { useTranslation } from '@/i18n/useTranslation';
import { isStaff, useSession } from '@/resources/session';
import { Dialog } from '@/ui/dialog';
import { FormActions } from '@/ui/FormActions';
import { SkeletonRows } from '@/ui/SkeletonRows';
import { TextAreaField } from '@/ui/TextField';
import { useToast } from '@/ui/toast';

import { useApproveVendorMutation, useGetVendorApplicationsQuery, useRejectVendorMutation } from '../api/vendorApi';
import type { VendorApplication } from '../types';

function RejectDialog({ application, onClose }: { application: VendorApplication; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [reject, { isLoading }] = useRejectVendorMutation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return setError(t('learning.admin.reasonRequired'));
    const result = await reject({ userId: application.userId, reason: reason.trim() });
    if ('error' in result)
      return toast(serverMessage(result.error) ?? t('learning.admin.failed'), 'error', t('learning.admin.failed'));
    toast(t('learning.admin.rejected'), 'success');
    onClose();
  }
  return (
    <Dialog title={t('learning.admin.rejectTitle', { name: application.user.name })} onClose={onClose}>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <TextAreaField
          label={t('learning.admin.reason')}
          value={reason}
          onValueChange={setReason}
          maxLength={500}
          rows={3}
          error={error}
        />
        <FormActions
          cancelLabel={t('learning.admin.cancel')}
          onCancel={onClose}
          confirmLabel={t('learning.admin.confirmReject')}
          busy={isLoading}
          danger
        />
      </form>
    </Dialog>
  );
}

function ApplicationRow({ application }: { application: VendorApplication }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [approve, { isLoading }] = useApproveVendorMutation();
  const [rejecting, setRejecting] = useState(false);
  const name = application.user.name;
  return (
    <li className="card">
      <h2 className="form__title">
        <bdi>{name}</bdi>{' '}
        <bdi className="muted" dir="ltr">
          @{application.user.username}
        </bdi>
      </h2>
      <p dir="auto">{application.bio}</p>
      <p>
        <strong>{t('learning.admin.topics')}:</strong>{' '}
        {listFormat(i18n.language, { type: 'unit' }).format(
          application.topics.map((topic) => t(`learning.category.${topic}` as 'learning.category.Quran', topic)),
        ) || '–'}
      </p>
      <p>
        <strong>{t('learning.admin.priceRange')}:</strong> <bdi dir="ltr">{application.priceRange}</bdi>
      </p>
      <p className="muted">
        {t('learning.admin.submitted', {
          date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
            new Date(application.submittedAt),
          ),
        })}
      </p>
      <div className="editor__actions">
        <button
          type="button"
          className="button"
          disabled={isLoading}
          aria-label={`${t('learning.admin.approve')}: ${name}`}
          onClick={async () => {
            const result = await approve(application.userId);
            if ('error' in result)
              toast(serverMessage(result.error) ?? t('learning.admin.failed'), 'error', t('learning.admin.failed'));
            else toast(t('learning.admin.approved', { name }), 'success');
          }}
        >
          {t('learning.admin.approve')}
        </button>
        <button
          type="button"
          className="button button--quiet"
          aria-label={`${t('learning.admin.reject')}: ${name}`}
          onClick={() => setRejecting(true)}
        >
          {t('learning.admin.reject')}
        </button>
      </div>
      {rejecting ? <RejectDialog application={application} onClose={() => setRejecting(false)} /> : null}
    </li>
  );
}

/** /admin/vendors — moderators and admins approve or reject teacher applications. */
export default function VendorApplicationsScreen() {
  const { t } = useTranslation();
  const { user, isLoading: sessionLoading } = useSession();
  const allowed = isStaff(user?.role);
  const list = useGetVendorApplicationsQuery(undefined, { skip: !allowed });
  return (
    <section className="page" aria-labelledby="admin-title">
      <h1 id="admin-title">{t('learning.admin.title')}</h1>
      {sessionLoading ? null : !allowed ? (
        <p className="learning-empty">{t('learning.admin.forbidden')}</p>
      ) : !list.data ? (
        <SkeletonRows count={3} label={t('learning.admin.loading')} className="line-list" block="line-skeleton" />
      ) : list.data.length === 0 ? (
        <p className="learning-empty">{t('learning.admin.empty')}</p>
      ) : (
        <ul className="line-list" aria-labelledby="admin-title">
          {list.data.map((application) => (
            <ApplicationRow key={application.userId} application={application} />
          ))}
        </ul>
      )}
    </section>
  );
}
