import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';

import { formatKes } from '@/i18n/money';
import { useTranslation } from '@/i18n/useTranslation';

import { useGetOrderQuery } from '../api/ordersApi';
import type { PaymentMethod } from '../types';
import { CancelOrder } from './CancelOrder';
import { PAYMENT_POLL_MS, PaymentPending } from './PaymentPending';
import { ResendPrompt } from './ResendPrompt';

/**
 * Waits for the payment: the order is read every 1.5 s while pending (the provider's webhook moves it
 * on), and may be cancelled. Paid shows the courses to start; cancelled the way back to the cart;
 * failed the reason and Try again.
 */
export function OrderWait({
  orderId,
  method,
  message,
  phone,
  onRetry,
}: {
  orderId: string;
  method: PaymentMethod;
  message: string | null;
  /** The M-Pesa number the prompt went to (the wait screen says so, and can send it again). */
  phone: string | null;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [settled, setSettled] = useState(false);
  const { data: order, isError } = useGetOrderQuery(orderId, {
    pollingInterval: settled ? 0 : PAYMENT_POLL_MS,
    skipPollingIfUnfocused: false,
  });
  const status = order?.status;
  // Once the order has left pending there is nothing more to wait for.
  useEffect(() => {
    if (status !== undefined && status !== 'pending') setSettled(true);
  }, [status]);

  if (!order || order.status === 'pending')
    return (
      <>
        <PaymentPending
          message={
            message ?? (method === 'mpesa' ? t('learning.checkout.waitingMpesa') : t('learning.checkout.waitingCard'))
          }
          note={isError ? t('learning.checkout.failedUnknown') : null}
        />
        {/* What is being paid, and (M-Pesa) to which phone the prompt went, with a way to send it again. */}
        {order ? (
          <p className="checkout-wait__amount">
            {t('learning.checkout.waitingAmount', { amount: formatKes(order.total, i18n.language) })}
          </p>
        ) : null}
        {method === 'mpesa' && phone ? <ResendPrompt orderId={orderId} phone={phone} /> : null}
        {order ? <CancelOrder orderId={orderId} method={method} /> : null}
      </>
    );
  if (order.status === 'cancelled')
    return (
      <div className="checkout-state" role="status">
        <h2>{t('learning.orders.cancelled')}</h2>
        <p>{t('learning.orders.cancelledBody')}</p>
        <Link className="button" to="/cart">
          {t('learning.orders.backToCart')}
        </Link>
      </div>
    );
  if (order.status === 'paid')
    return (
      <div className="checkout-state" role="status">
        <h2>{t('learning.checkout.successTitle')}</h2>
        <p>{t('learning.checkout.successBody')}</p>
        <ul className="line-list">
          {order.items.map((item) => (
            <li key={item.courseId}>
              <Link
                className="button"
                to={`/course/${encodeURIComponent(item.courseId)}/learn`}
                aria-label={t('learning.checkout.startLearningCourse', { title: item.title })}
              >
                {t('learning.checkout.startLearning')}: {item.title}
              </Link>
            </li>
          ))}
        </ul>
        <Link to="/orders">{t('learning.checkout.orders')}</Link>
      </div>
    );
  return (
    <div className="checkout-state" role="alert">
      <h2>{t('learning.checkout.failedTitle')}</h2>
      <p>{order.failureReason ?? t('learning.checkout.failedUnknown')}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('learning.checkout.tryAgain')}
      </button>
    </div>
  );
}
