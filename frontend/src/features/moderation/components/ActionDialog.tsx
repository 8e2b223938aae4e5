import { type FormEvent, useState } from 'react';

import { serverMessage } from '@/app/baseQuery';
import { useTranslation } from '@/i18n/useTranslation';
import { Dialog } from '@/ui/dialog';
import { FormActions } from '@/ui/FormActions';
import { TextAreaField, TextField } from '@/ui/TextField';
import { useToast } from '@/ui/toast';

import { type ActionRequest, useModerateMutation } from '../api/moderationApi';
import type { ModerationAction } from '../types';

/** Actions whose reason the member concerned reads (the reporters never do). */
const TELLS_THE_MEMBER = new Set<ModerationAction>(['hide', 'reject_appeal', 'delete', 'warn', 'suspend']);
/** Actions on an appealed post that answer no report: the author is the one told. */
const ANSWERS_THE_AUTHOR = new Set<ModerationAction>(['restore', 'reject_appeal']);

/** Every action asks why; a suspension also asks until when. */
export function ActionDialog({
  target,
  onClose,
}: {
  target: Omit<ActionRequest, 'reason' | 'until'> & { label: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [moderate, { isLoading }] = useModerateMutation();
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const [error, setError] = useState<string | undefined>();
  const suspends = target.action === 'suspend';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return setError(t('moderation.action.reasonRequired'));
    const ends = suspends ? new Date(until) : null;
    if (ends && Number.isNaN(ends.getTime())) return setError(t('moderation.action.untilRequired'));
    const { label: _, ...request } = target;
    const result = await moderate({
      ...request,
      reason: reason.trim(),
      ...(ends ? { until: ends.toISOString() } : {}),
    });
    if ('error' in result)
      return toast(
        serverMessage(result.error) ?? t('moderation.action.failed'),
        'error',
        t('moderation.action.failed'),
      );
    toast(
      ANSWERS_THE_AUTHOR.has(target.action) && result.data.notified === 0
        ? t('moderation.action.doneAuthor')
        : t('moderation.action.done', { count: result.data.notified }),
      'success',
    );
    onClose();
  }

  return (
    <Dialog
      title={
        <>
          {/* The handle isolated: in Arabic "Hide: @name" would otherwise read "name@". */}
          {t(`moderation.action.${target.action}`)}: <bdi dir="ltr">{target.label}</bdi>
        </>
      }
      onClose={onClose}
    >
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <TextAreaField
          label={t('moderation.action.reason')}
          value={reason}
          onValueChange={setReason}
          maxLength={500}
          rows={3}
          error={error}
          hint={TELLS_THE_MEMBER.has(target.action) ? t('moderation.action.toldAuthor') : undefined}
        />
        {suspends ? (
          <TextField
            label={t('moderation.action.until')}
            type="datetime-local"
            value={until}
            onValueChange={setUntil}
          />
        ) : null}
        <FormActions
          cancelLabel={t('moderation.action.cancel')}
          onCancel={onClose}
          confirmLabel={t(`moderation.action.${target.action}`)}
          busy={isLoading}
          danger={target.action !== 'restore' && target.action !== 'unsuspend'}
        />
      </form>
    </Dialog>
  );
}
