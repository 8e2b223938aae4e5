import '../learning.css';

import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { serverMessage } from '@/app/baseQuery';
import { useAppDispatch } from '@/app/hooks';
import { useTranslation } from '@/i18n/useTranslation';
import { useSession } from '@/resources/session';
import { SkeletonRows } from '@/ui/SkeletonRows';

import { cartApi } from '../api/cartApi';
import { catalogueApi } from '../api/catalogueApi';
import { useCheckoutMutation, useGetPaymentsConfigQuery, usePayOrderMutation } from '../api/ordersApi';
import { CheckoutNotice, type Notice } from '../checkout/CheckoutNotice';
import { OrderWait } from '../checkout/OrderWait';
import { PaymentFields } from '../checkout/PaymentFields';
import { type CheckoutRefusal, checkoutRefusal, payAgainRefusal } from '../checkout/refusals';
import { checkoutTarget, useOrderSummary } from '../checkout/useOrderSummary';
import { usePaymentForm } from '../checkout/usePaymentForm';
import { SignInPrompt } from '../components/SignInPrompt';
import { formatKes } from '../format';
import type { CheckoutRequest, PaymentMethod } from '../types';

type Phase =
  | { kind: 'form' }
  | { kind: 'waiting'; orderId: string; method: PaymentMethod; message: string | null; phone: string | null };

/**
 * /checkout — pay for the cart, Buy Now's course (`?courseId=`) or a pending order (`?orderId=`) by
 * card or M-Pesa, then wait for the provider. The total shown is the total sent (`expectedTotal`):
 * a price changed on the way is shown and confirmed again, never charged unseen.
 */
export default function CheckoutScreen() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const target = checkoutTarget(params);
  const { user, isLoading: sessionLoading } = useSession();
  const summary = useOrderSummary(target, !!user);
  const config = useGetPaymentsConfigQuery();
  const [checkout, { isLoading: placing }] = useCheckoutMutation();
  const [payOrder, { isLoading: paying }] = usePayOrderMutation();
  const payment = usePaymentForm(config.data, target.kind === 'order' ? summary.method : undefined);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  // The order this screen placed whose card was declined: paying again pays it, not a new order.
  const [declinedOrderId, setDeclinedOrderId] = useState<string | null>(null);
  const busy = placing || paying;

  /** The cart (or Buy Now's course) as the server prices it now, so what is shown is what is sent next. */
  function showNewPrices(refusal: Extract<CheckoutRefusal, { code: 'PRICE_CHANGED' }>) {
    if (target.kind === 'cart') {
      if (refusal.cart) void dispatch(cartApi.util.upsertQueryData('getCart', undefined, refusal.cart));
      else dispatch(cartApi.util.invalidateTags(['Cart']));
    } else if (target.kind === 'course') {
      dispatch(
        catalogueApi.util.updateQueryData('getCourse', target.courseId, (course) => {
          course.price = refusal.total;
        }),
      );
    }
    setNotice({ kind: 'priceChanged', total: refusal.total });
  }

  function startAgain() {
    setNotice(null);
    setFormError(null);
    setDeclinedOrderId(null);
    setPhase({ kind: 'form' });
  }

  async function pay(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const prepared = payment.prepare();
    if (!prepared.ok) return setFormError(prepared.formError);
    const orderToPay = target.kind === 'order' ? target.orderId : declinedOrderId;
    let result;
    if (orderToPay) {
      // The order keeps the method it was placed with; only the phone or card travels.
      const { method: _placedWith, ...details } = prepared.details;
      result = await payOrder({ orderId: orderToPay, ...details });
    } else {
      const request: CheckoutRequest = { ...prepared.details, expectedTotal: summary.total };
      if (target.kind === 'course') request.courseIds = [target.courseId];
      result = await checkout(request);
    }
    if ('error' in result) {
      const refusal = checkoutRefusal(result.error);
      if (refusal?.code === 'PRICE_CHANGED') return showNewPrices(refusal);
      if (refusal?.code === 'ORDER_PENDING') return setNotice({ kind: 'orderPending', order: refusal.order });
      const again = payAgainRefusal(result.error);
      // The kept order moved on (paid meanwhile, or expired): the next press starts afresh.
      if (orderToPay && target.kind !== 'order' && again !== 'PAYER_CHANGED' && again !== 'RATE_LIMITED')
        setDeclinedOrderId(null);
      setNotice(again === 'ORDER_NOT_PENDING' ? { kind: 'orderClosed' } : null);
      if (again === 'PAYER_CHANGED') return payment.refuseField(t('learning.checkout.payerChanged'));
      if (again === 'ORDER_NOT_PENDING') return;
      setFormError(
        again === 'RATE_LIMITED'
          ? t('learning.checkout.rateLimited')
          : (serverMessage(result.error) ?? t('learning.checkout.startFailed')),
      );
      return;
    }
    setNotice(null);
    const { orderId, clientAction } = result.data;
    const confirmError = await payment.confirm(clientAction);
    if (confirmError) {
      if (target.kind !== 'order') setDeclinedOrderId(orderId);
      setFormError(confirmError);
      return;
    }
    setPhase({
      kind: 'waiting',
      orderId,
      method: prepared.details.method,
      message: clientAction.kind === 'mpesa_stk' ? t('learning.checkout.waitingMpesa') : null,
      phone: prepared.details.phone ?? null,
    });
  }

  let body;
  if (!user && !sessionLoading)
    body = <SignInPrompt text={t('learning.cart.signIn')} button={t('learning.cart.signInButton')} />;
  else if (phase.kind === 'waiting')
    body = (
      <OrderWait
        orderId={phase.orderId}
        method={phase.method}
        message={phase.message}
        phone={phase.phone}
        onRetry={startAgain}
      />
    );
  else if (target.kind === 'order' && notice?.kind === 'orderClosed')
    // Nothing left to pay here: the order is read again (it may show paid or expired) but not offered.
    body = <CheckoutNotice notice={notice} onContinue={startAgain} />;
  else if (summary.loading || !config.data)
    body = (
      <SkeletonRows count={2} label={t('learning.checkout.loading')} className="line-list" block="line-skeleton" />
    );
  else if (payment.available.length === 0)
    body = (
      <p className="form__error" role="alert">
        {t('learning.checkout.unavailable')}
      </p>
    );
  else if (summary.lines.length === 0)
    body = (
      <div className="learning-empty">
        <p>{t('learning.checkout.nothing')}</p>
        <Link to="/learning" className="button">
          {t('learning.cart.browse')}
        </Link>
      </div>
    );
  else {
    body = (
      <form className="form" onSubmit={(e) => void pay(e)} noValidate>
        <section aria-labelledby="summary-title" className="card">
          <h2 id="summary-title" className="form__title">
            {t('learning.checkout.summary')}
          </h2>
          <ul className="line-list">
            {summary.lines.map((line) => (
              <li key={line.courseId} className="summary-line">
                <span>{line.title}</span>
                <span>{formatKes(line.price, i18n.language)}</span>
              </li>
            ))}
          </ul>
          <p className="summary-total">
            <span>{t('learning.cart.total')}</span>
            <span>{formatKes(summary.total, i18n.language)}</span>
          </p>
        </section>
        {notice ? <CheckoutNotice notice={notice} onContinue={startAgain} /> : null}
        <PaymentFields payment={payment} />
        {formError ? (
          <p className="form__error" role="alert">
            {formError}
          </p>
        ) : null}
        {declinedOrderId ? <p className="muted">{t('learning.checkout.declinedKept')}</p> : null}
        <button type="submit" className="button button--block" disabled={busy}>
          {busy
            ? t('learning.checkout.paying')
            : t('learning.checkout.pay', { total: formatKes(summary.total, i18n.language) })}
        </button>
      </form>
    );
  }

  return (
    <section className="page" aria-labelledby="checkout-title">
      <h1 id="checkout-title">{t('learning.checkout.title')}</h1>
      {body}
    </section>
  );
}
