import { type FormEvent, useState } from 'react';

import { serverMessage } from '@/app/baseQuery';
import { useTranslation } from '@/i18n/useTranslation';
import { TextAreaField, TextField } from '@/ui/TextField';
import { useToast } from '@/ui/toast';

import { useAddOrphanMutation, useRecordDisbursementMutation, useSetDonationsPausedMutation } from '../api/supportApi';
import { type DonationsStatus, type Orphan, ORPHAN_STATUSES, type OrphanStatus } from '../types';

/** Admins: open or pause donations, add an orphan, record a disbursement. The server checks the role. */
export function AdminPanel({ status, orphans }: { status: DonationsStatus; orphans: Orphan[] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [setPaused, pausing] = useSetDonationsPausedMutation();

  async function toggle() {
    const result = await setPaused(!status.paused);
    if ('error' in result)
      return toast(serverMessage(result.error) ?? t('support.admin.failed'), 'error', t('support.admin.failedTitle'));
    toast(result.data.paused ? t('support.admin.nowPaused') : t('support.admin.nowOpen'), 'success');
  }

  return (
    <section className="support-section support-admin card" aria-labelledby="admin-title">
      <h2 id="admin-title">{t('support.admin.title')}</h2>
      <div className="support-admin__switch">
        <p>{status.paused ? t('support.admin.pausedNow') : t('support.admin.openNow')}</p>
        <button type="button" className="button" disabled={pausing.isLoading} onClick={() => void toggle()}>
          {status.paused ? t('support.admin.open') : t('support.admin.pause')}
        </button>
      </div>
      <details>
        <summary>{t('support.admin.addOrphan')}</summary>
        <AddOrphanForm />
      </details>
      <details>
        <summary>{t('support.admin.disburse')}</summary>
        <DisbursementForm orphans={orphans} />
      </details>
    </section>
  );
}

function AddOrphanForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const [add, { isLoading }] = useAddOrphanMutation();
  const [uniqueId, setUniqueId] = useState('');
  const [location, setLocation] = useState('');
  const [status, setStatus] = useState<OrphanStatus>('Active');
  const [goal, setGoal] = useState('');
  const [story, setStory] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!uniqueId.trim() || !location.trim() || !goal.trim() || !story.trim())
      return setError(t('support.admin.allRequired'));
    setError(null);
    const result = await add({
      uniqueId: uniqueId.trim(),
      location: location.trim(),
      status,
      goal: goal.trim(),
      story: story.trim(),
    });
    if ('error' in result) return setError(serverMessage(result.error) ?? t('support.admin.failed'));
    toast(t('support.admin.orphanAdded', { id: `ORP-KE-${result.data.uniqueId}` }), 'success');
    setUniqueId('');
    setLocation('');
    setGoal('');
    setStory('');
  }

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-label={t('support.admin.addOrphan')}>
      <TextField label={t('support.admin.uniqueId')} dir="ltr" value={uniqueId} onValueChange={setUniqueId} />
      <TextField label={t('support.admin.location')} value={location} onValueChange={setLocation} />
      <div className="field">
        <label className="field__label" htmlFor="orphan-status">
          {t('support.admin.status')}
        </label>
        <select
          id="orphan-status"
          className="field__input"
          value={status}
          onChange={(e) => setStatus(e.target.value as OrphanStatus)}
        >
          {ORPHAN_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`support.status.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <TextField label={t('support.admin.goal')} inputMode="decimal" dir="ltr" value={goal} onValueChange={setGoal} />
      <TextAreaField label={t('support.admin.story')} value={story} onValueChange={setStory} rows={3} />
      {error ? (
        <p className="form__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={isLoading}>
        {t('support.admin.addOrphanSubmit')}
      </button>
    </form>
  );
}

function DisbursementForm({ orphans }: { orphans: Orphan[] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [record, { isLoading }] = useRecordDisbursementMutation();
  const [amount, setAmount] = useState('');
  const [orphanId, setOrphanId] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!(Number(amount) > 0) || !note.trim()) return setError(t('support.admin.disburseInvalid'));
    setError(null);
    const result = await record({ amount: amount.trim(), note: note.trim(), ...(orphanId ? { orphanId } : {}) });
    if ('error' in result) return setError(serverMessage(result.error) ?? t('support.admin.failed'));
    toast(t('support.admin.disbursed'), 'success');
    setAmount('');
    setNote('');
  }

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-label={t('support.admin.disburse')}>
      <TextField
        label={t('support.admin.amount')}
        inputMode="decimal"
        dir="ltr"
        value={amount}
        onValueChange={setAmount}
      />
      <div className="field">
        <label className="field__label" htmlFor="disburse-orphan">
          {t('support.admin.recipient')}
        </label>
        <select
          id="disburse-orphan"
          className="field__input"
          value={orphanId}
          onChange={(e) => setOrphanId(e.target.value)}
        >
          <option value="">{t('support.donate.generalFund')}</option>
          {orphans.map((o) => (
            <option key={o.id} value={o.id}>{`ORP-KE-${o.uniqueId} · ${o.location}`}</option>
          ))}
        </select>
      </div>
      <TextField label={t('support.admin.note')} value={note} onValueChange={setNote} />
      {error ? (
        <p className="form__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={isLoading}>
        {t('support.admin.disburseSubmit')}
      </button>
    </form>
  );
}
