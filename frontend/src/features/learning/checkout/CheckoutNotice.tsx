import { Link } from 'react-router-dom';

import { listFormat } from '@/i18n/formatters';
import { useTranslation } from '@/i18n/useTranslation';

import { formatKes } from '../format';
import type { OrderView } from '../types';

export type Notice =
  | { kind: 'priceChanged'; total: string }
  | { kind: 'orderPending'; order: OrderView }
  | { kind: 'orderClosed' };

/**
 * Why the checkout stopped before charging: a price changed (the summary above shows the new one,
 * the member confirms again), a course is already in an order waiting for payment (pay that one), or
 * the order being paid again can no longer be paid (paid meanwhile or out of time: a new checkout).
 */
export function CheckoutNotice({ notice, onContinue }: { notice: Notice; onContinue: () => void }) {
  const { t, i18n } = useTranslation();
  if (notice.kind === 'orderClosed')
    return (
      <div className="checkout-notice" role="alert">
        <p className="checkout-notice__title">{t('learning.checkout.orderClosedTitle')}</p>
        <p>{t('learning.checkout.orderClosed')}</p>
        <div className="learn__actions">
          <Link className="button" to="/cart" onClick={onContinue}>
            {t('learning.checkout.backToCart')}
          </Link>
          <Link to="/orders">{t('learning.checkout.orders')}</Link>
        </div>
      </div>
    );
  if (notice.kind === 'priceChanged')
    return (
      <div className="checkout-notice" role="alert">
        <p className="checkout-notice__title">{t('learning.checkout.priceChangedTitle')}</p>
        <p>{t('learning.checkout.priceChanged', { total: formatKes(notice.total, i18n.language) })}</p>
      </div>
    );
  const { order } = notice;
  return (
    <div className="checkout-notice" role="alert">
      <p className="checkout-notice__title">{t('learning.checkout.orderPendingTitle')}</p>
      <p>
        {t('learning.checkout.orderPending', {
          titles: listFormat(i18n.language, { type: 'conjunction' }).format(order.items.map((i) => i.title)),
          total: formatKes(order.total, i18n.language),
        })}
      </p>
      <div className="learn__actions">
        <Link className="button" to={`/checkout?orderId=${encodeURIComponent(order.id)}`} onClick={onContinue}>
          {t('learning.checkout.continuePaying')}
        </Link>
        <Link to="/orders">{t('learning.checkout.orders')}</Link>
      </div>
    </div>
  );
}
