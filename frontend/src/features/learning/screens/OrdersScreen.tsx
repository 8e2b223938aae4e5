import '../learning.css';

import { skipToken } from '@reduxjs/toolkit/query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';

import { serverMessage } from '@/app/baseQuery';
import { dateTimeFormat } from '@/i18n/formatters';
import { useTranslation } from '@/i18n/useTranslation';
import { useSession } from '@/resources/session';
import { ConfirmDialog } from '@/ui/dialog';
import { SkeletonRows } from '@/ui/SkeletonRows';
import { useToast } from '@/ui/toast';

import { useGetOrdersQuery, useRefundOrderMutation } from '../api/ordersApi';
import { CancelOrder } from '../checkout/CancelOrder';
import { refundRefusal } from '../checkout/refusals';
import { LearningNav } from '../components/LearningNav';
import { SignInPrompt } from '../components/SignInPrompt';
import { formatKes, orderNumber } from '../format';
import { canRefund, refundPercent, refundRefusalText } from '../refund';
import type { OrderView } from '../types';

export { canRefund };

function OrderRow({ order }: { order: OrderView }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [refund, { isLoading }] = useRefundOrderMutation();
  const [confirming, setConfirming] = useState(false);
  // What a refusal the server answered just now says, shown until the order is read again.
  const [refused, setRefused] = useState<string | null>(null);
  const titleId = useId();
  const date = (iso: string) => dateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  // Orders of one day need telling apart: a number to quote to support, and the time.
  const placed = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(order.createdAt),
  );
  const percent = refundPercent(order.refund);
  // Paid and kept because a course of it was taken too far: say so where the Refund button would be.
  const refusal =
    refused ??
    (order.status === 'paid' && order.refund?.reason === 'COURSE_CONSUMED'
      ? refundRefusalText(t, order.refund.reason, percent)
      : null);

  async function doRefund() {
    const result = await refund(order.id);
    setConfirming(false);
    if ('error' in result) {
      const code = refundRefusal(result.error);
      const text =
        (code && refundRefusalText(t, code, percent)) ??
        serverMessage(result.error) ??
        t('learning.orders.refundFailed');
      if (code) setRefused(text);
      toast(text, 'error', t('learning.orders.refundFailed'));
      return;
    }
    const status = result.data.refundStatus;
    toast(
      status === 'manual_required'
        ? t('learning.orders.refundManual')
        : status === 'pending'
          ? t('learning.orders.refundPending')
          : t('learning.orders.refunded'),
      'success',
    );
  }

  return (
    <li className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="form__title">
        {t('learning.orders.order', { number: orderNumber(order.id), date: placed })}
      </h2>
      <p>
        <span className={`status-pill status-pill--${order.status}`}>
          {t(`learning.orders.status.${order.status}`)}
        </span>{' '}
        <span className="muted">{t(`learning.orders.method.${order.method}`)}</span>
      </p>
      <ul>
        {order.items.map((item) => (
          <li key={item.courseId}>
            <Link to={`/course/${encodeURIComponent(item.courseId)}`}>{item.title}</Link> ·{' '}
            {formatKes(item.price, i18n.language)}
          </li>
        ))}
      </ul>
      <p className="summary-total">
        <span>{t('learning.cart.total')}</span>
        <span>{formatKes(order.total, i18n.language)}</span>
      </p>
      {order.status === 'failed' && order.failureReason ? <p className="field__error">{order.failureReason}</p> : null}
      {order.status === 'pending' ? (
        <div className="learn__actions">
          <Link className="button" to={`/checkout?orderId=${encodeURIComponent(order.id)}`}>
            {t('learning.orders.continuePaying')}
          </Link>
          <CancelOrder orderId={order.id} method={order.method} />
        </div>
      ) : null}
      {refusal ? (
        <p className="field__error" role="alert">
          {refusal}
        </p>
      ) : canRefund(order) ? (
        <div className="learn__actions">
          <span className="muted">
            {t('learning.orders.refundUntil', { date: date(order.refund?.until ?? order.refundableUntil!) })}
          </span>
          {percent !== null ? <span className="muted">{t('learning.orders.refundRule', { percent })}</span> : null}
          <button
            type="button"
            className="button button--quiet"
            disabled={isLoading}
            onClick={() => setConfirming(true)}
          >
            {t('learning.orders.refund')}
          </button>
        </div>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t('learning.orders.refundConfirmTitle')}
          // How much, where it goes and how long it takes, by how the order was paid.
          body={t(`learning.orders.refundConfirmBody_${order.method}`, {
            amount: formatKes(order.total, i18n.language),
          })}
          confirmLabel={t('learning.orders.refundConfirm')}
          cancelLabel={t('learning.orders.cancel')}
          busy={isLoading}
          onConfirm={() => void doRefund()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </li>
  );
}

/** /orders — the member's orders, newest first, with a Refund button inside the 7-day window. */
export default function OrdersScreen() {
  const { t } = useTranslation();
  const { user, isLoading: sessionLoading } = useSession();
  const orders = useGetOrdersQuery(user ? undefined : skipToken);
  return (
    <section className="page page--wide" aria-labelledby="orders-title">
      <h1 id="orders-title">{t('learning.orders.title')}</h1>
      <LearningNav />
      {!user && !sessionLoading ? (
        <SignInPrompt text={t('learning.myCourses.signIn')} button={t('learning.cart.signInButton')} />
      ) : !orders.data ? (
        <SkeletonRows count={3} label={t('learning.orders.loading')} className="line-list" block="line-skeleton" />
      ) : orders.data.length === 0 ? (
        <p className="learning-empty">{t('learning.orders.empty')}</p>
      ) : (
        <ul className="line-list" aria-labelledby="orders-title">
          {orders.data.map((order) => (
            <OrderRow key={order.id} order={order} />
          ))}
        </ul>
      )}
    </section>
  );
}
