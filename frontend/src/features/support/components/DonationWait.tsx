import { useEffect, useState } from 'react';

import { PAYMENT_POLL_MS, PaymentPending } from '@/features/learning';
import { useTranslation } from '@/i18n/useTranslation';

import { useGetDonationQuery } from '../api/supportApi';
import type { DonationView, PaymentMethod } from '../types';

/**
 * Waits for the donation's payment: reads it every 1.5 s while pending (the provider's webhook moves
 * it on) and hands the settled donation to the dialog, which says how it went.
 */
export function DonationWait({
  donationId,
  method,
  onSettled,
}: {
  donationId: string;
  method: PaymentMethod;
  onSettled: (donation: DonationView) => void;
}) {
  const { t } = useTranslation();
  const [settled, setSettled] = useState(false);
  const { data: donation, isError } = useGetDonationQuery(donationId, {
    pollingInterval: settled ? 0 : PAYMENT_POLL_MS,
    skipPollingIfUnfocused: false,
  });
  useEffect(() => {
    if (donation && donation.status !== 'pending' && !settled) {
      setSettled(true);
      onSettled(donation);
    }
  }, [donation, settled, onSettled]);

  return (
    <PaymentPending
      message={method === 'mpesa' ? t('support.donate.waitingMpesa') : t('support.donate.waitingCard')}
      note={isError ? t('support.donate.waitingTrouble') : null}
    />
  );
}
