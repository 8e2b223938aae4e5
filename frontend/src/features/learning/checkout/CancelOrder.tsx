import { useState } from 'react';

import { serverMessage } from '@/app/baseQuery';
import { useTranslation } from '@/i18n/useTranslation';
import { ConfirmDialog } from '@/ui/dialog';
import { useToast } from '@/ui/toast';

import { useCancelOrderMutation } from '../api/ordersApi';
import type { PaymentMethod } from '../types';

/**
 * "Cancel order" for a pending order (the wait screen, the orders list): asked once, then
 * POST /api/orders/:id/cancel. The dialog says what happens to a prompt approved afterwards.
 */
export function CancelOrder({ orderId, method }: { orderId: string; method: PaymentMethod }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [cancelOrder, { isLoading }] = useCancelOrderMutation();
  const [confirming, setConfirming] = useState(false);
  async function cancel() {
    const result = await cancelOrder(orderId);
    setConfirming(false);
    if ('error' in result) toast(serverMessage(result.error) ?? t('learning.orders.cancelFailed'), 'error');
    else toast(t('learning.orders.cancelled'), 'success');
  }
  return (
    <>
      <button type="button" className="button button--quiet" disabled={isLoading} onClick={() => setConfirming(true)}>
        {t('learning.orders.cancelOrder')}
      </button>
      {confirming ? (
        <ConfirmDialog
          title={t('learning.orders.cancelConfirmTitle')}
          body={t(`learning.orders.cancelConfirmBody_${method}`)}
          confirmLabel={t('learning.orders.cancelOrder')}
          cancelLabel={t('learning.orders.keepOrder')}
          busy={isLoading}
          onConfirm={() => void cancel()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </>
  );
}
