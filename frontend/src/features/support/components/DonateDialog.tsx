import { type FormEvent, useCallback, useState } from 'react';
import { Link } from 'react-router-dom';

import { serverMessage } from '@/app/baseQuery';
import { PaymentFields, useGetPaymentsConfigQuery, usePaymentForm } from '@/features/learning';
import { formatKes } from '@/i18n/money';
import { useTranslation } from '@/i18n/useTranslation';
import { Dialog } from '@/ui/dialog';
import { SkeletonRows } from '@/ui/SkeletonRows';
import { TextField } from '@/ui/TextField';
import { useToast } from '@/ui/toast';

import { donationAmount } from '../amount';
import { useDonateMutation } from '../api/supportApi';
import {
  DEFAULT_PRESET,
  type DonateRequest,
  DONATION_PRESETS,
  type DonationsStatus,
  type DonationView,
  type Orphan,
  type PaymentMethod,
} from '../types';
import { DonationWait } from './DonationWait';

type Phase = { kind: 'form' } | { kind: 'waiting'; donationId: string; method: PaymentMethod };

/**
 * Donate Now (§2, §4, §5, §8): a preset (500, 1000 or 5000 KES, 1000 first) or a custom amount that
 * overrides it, above 0 and within the server's ceiling; anonymous or named; M-Pesa or card through
 * the checkout's payment form; then the waiting state until the provider settles the payment.
 */
export function DonateDialog({
  status,
  signedIn,
  orphans,
  onClose,
}: {
  status: DonationsStatus;
  signedIn: boolean;
  orphans: Orphan[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const config = useGetPaymentsConfigQuery(undefined, { skip: !signedIn });
  const payment = usePaymentForm(config.data);
  const [donate, { isLoading }] = useDonateMutation();
  const [preset, setPreset] = useState<number>(DEFAULT_PRESET);
  const [custom, setCustom] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [orphanId, setOrphanId] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const check = donationAmount(preset, custom, status.maxAmount);
  const kes = (amount: string | number) => formatKes(amount, i18n.language);

  const failed = useCallback(
    (message: string | null | undefined) =>
      toast(message || t('support.donate.failedBody'), 'error', t('support.donate.failedTitle')),
    [toast, t],
  );

  const settled = useCallback(
    (donation: DonationView) => {
      if (donation.status === 'paid') {
        toast(
          t('support.donate.successBody', { amount: kes(donation.amount) }),
          'success',
          t('support.donate.successTitle'),
        );
        onClose();
        return;
      }
      failed(donation.failureReason);
      setPhase({ kind: 'form' });
    },
    [toast, t, onClose, failed, i18n.language],
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    if (!check.ok) {
      return setAmountError(t(`support.donate.amount_${check.reason}`, { max: kes(status.maxAmount) }));
    }
    setAmountError(undefined);
    const prepared = payment.prepare();
    if (!prepared.ok) return setFormError(prepared.formError);
    if (prepared.details.method === 'mpesa' && !Number.isInteger(check.amount))
      return setAmountError(t('support.donate.amount_wholeShillings'));
    const request: DonateRequest = { ...prepared.details, amount: check.amount, isAnonymous: anonymous };
    if (orphanId) request.orphanId = orphanId;
    const result = await donate(request);
    if ('error' in result) return failed(serverMessage(result.error));
    const { donationId, clientAction } = result.data;
    const confirmError = await payment.confirm(clientAction);
    if (confirmError) return failed(confirmError);
    setPhase({ kind: 'waiting', donationId, method: request.method });
  }

  let body;
  if (!signedIn)
    body = (
      <div className="support-signin">
        <p>{t('support.donate.signIn')}</p>
        <Link to="/auth" className="button">
          {t('support.donate.signInButton')}
        </Link>
      </div>
    );
  else if (phase.kind === 'waiting')
    body = <DonationWait donationId={phase.donationId} method={phase.method} onSettled={settled} />;
  else if (!config.data)
    body = config.isError ? (
      <p className="form__error" role="alert">
        {t('support.donate.unavailable')}
      </p>
    ) : (
      <SkeletonRows count={2} label={t('support.loading')} className="line-list" block="line-skeleton" />
    );
  else if (payment.available.length === 0)
    body = (
      <p className="form__error" role="alert">
        {t('support.donate.unavailable')}
      </p>
    );
  else
    body = (
      <form className="form donate-form" onSubmit={(e) => void submit(e)} noValidate>
        <fieldset className="amount-presets">
          <legend className="field__label">{t('support.donate.amount')}</legend>
          {DONATION_PRESETS.map((value) => (
            <label key={value} className="support-chip">
              <input
                type="radio"
                name="preset"
                value={value}
                checked={preset === value && custom.trim() === ''}
                onChange={() => {
                  setPreset(value);
                  setCustom('');
                  setAmountError(undefined);
                }}
              />
              <span>{kes(value)}</span>
            </label>
          ))}
        </fieldset>
        <TextField
          label={t('support.donate.custom')}
          inputMode="decimal"
          dir="ltr"
          value={custom}
          onValueChange={(value) => {
            setCustom(value);
            setAmountError(undefined);
          }}
          hint={t('support.donate.customHint', { max: kes(status.maxAmount) })}
          error={amountError}
        />
        {orphans.length > 0 ? (
          <div className="field">
            <label className="field__label" htmlFor="donate-orphan">
              {t('support.donate.for')}
            </label>
            <select
              id="donate-orphan"
              className="field__input"
              value={orphanId}
              onChange={(e) => setOrphanId(e.target.value)}
            >
              <option value="">{t('support.donate.generalFund')}</option>
              {orphans.map((o) => (
                <option key={o.id} value={o.id}>
                  {`ORP-KE-${o.uniqueId} · ${o.location}`}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <label className="switch-row">
          <input type="checkbox" checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)} />
          <span>{t('support.donate.anonymous')}</span>
        </label>
        <PaymentFields payment={payment} />
        {formError ? (
          <p className="form__error" role="alert">
            {formError}
          </p>
        ) : null}
        <button type="submit" className="button button--block" disabled={isLoading}>
          {isLoading
            ? t('support.donate.submitting')
            : check.ok
              ? t('support.donate.submit', { amount: kes(check.amount) })
              : t('support.donate.submitPlain')}
        </button>
      </form>
    );

  return (
    <Dialog
      title={t('support.donate.title')}
      onClose={onClose}
      closeLabel={t('support.close')}
      className="dialog--wide"
    >
      {body}
    </Dialog>
  );
}
