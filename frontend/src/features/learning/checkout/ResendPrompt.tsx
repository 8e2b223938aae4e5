import { serverMessage } from '@/app/baseQuery';
import { useTranslation } from '@/i18n/useTranslation';
import { useToast } from '@/ui/toast';

import { usePayOrderMutation } from '../api/ordersApi';
import { localKenyanPhone } from './phone';

/**
 * The M-Pesa wait screen's phone and "Send the prompt again": a prompt that never reached the phone
 * (or was dismissed) is sent again to the same number, for the same order (POST /api/orders/:id/pay).
 */
export function ResendPrompt({ orderId, phone }: { orderId: string; phone: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [payOrder, { isLoading }] = usePayOrderMutation();
  async function resend() {
    const result = await payOrder({ orderId, phone });
    if ('error' in result) toast(serverMessage(result.error) ?? t('learning.checkout.resendFailed'), 'error');
    else toast(t('learning.checkout.resent'), 'success');
  }
  return (
    <div className="checkout-wait__phone">
      <p>
        {t('learning.checkout.waitingPhone')} <bdi dir="ltr">{localKenyanPhone(phone)}</bdi>
      </p>
      <button type="button" className="button button--quiet" disabled={isLoading} onClick={() => void resend()}>
        {t('learning.checkout.resendPrompt')}
      </button>
    </div>
  );
}
