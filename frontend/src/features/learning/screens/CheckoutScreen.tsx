import '../learning.css';

import { skipToken } from '@reduxjs/toolkit/query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';

import { serverMessage } from '@/app/baseQuery';
import { useSession } from '@/resources/session';
import { SkeletonRows } from '@/ui/SkeletonRows';

import { useGetCartQuery } from '../api/cartApi';
import { useGetCourseQuery } from '../api/catalogueApi';
import { useCheckoutMutation, useGetPaymentsConfigQuery } from '../api/ordersApi';
import { OrderWait } from '../checkout/OrderWait';
import { PaymentFields } from '../checkout/PaymentFields';
import { usePaymentForm } from '../checkout/usePaymentForm';
import { SignInPrompt } from '../components/SignInPrompt';
import { formatKes } from '../format';
import type { CheckoutRequest, PaymentMethod } from '../types';

type Phase = { kind: 'form' } | { kind: 'waiting'; orderId: string; method: PaymentMethod; message: string | null };

interface SummaryLine {
  courseId: string;
  title: string;
  price: string;
}

/** What is being bought: the cart, or the one course of Buy Now (`?courseId=`). */
function useOrderSummary(courseId: string | null, signedIn: boolean) {
  const cart = useGetCartQuery(signedIn && !courseId ? undefined : skipToken);
  const course = useGetCourseQuery(signedIn && courseId ? courseId : skipToken);
  if (courseId) {
    const c = course.data;
    return {
      loading: course.isLoading,
      lines: c && !c.viewer.enrolled ? [{ courseId: c.id, title: c.title, price: c.price }] : [],
      total: c && !c.viewer.enrolled ? c.price : '0',
    };
  }
  const lines: SummaryLine[] = (cart.data?.items ?? []).map((i) => ({
    courseId: i.courseId,
    title: i.course.title,
    price: i.course.price,
  }));
  return { loading: cart.isLoading, lines, total: cart.data?.total ?? '0' };
}

/** /checkout — pay for the cart (or Buy Now's course) by card or M-Pesa, then wait for the provider. */
export default function CheckoutScreen() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const courseId = params.get('courseId');
  const { user, isLoading: sessionLoading } = useSession();
  const summary = useOrderSummary(courseId, !!user);
  const config = useGetPaymentsConfigQuery();
  const [checkout, { isLoading }] = useCheckoutMutation();
  const payment = usePaymentForm(config.data);
  const [formError, setFormError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });

  async function pay(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const prepared = payment.prepare();
    if (!prepared.ok) return setFormError(prepared.formError);
    const request: CheckoutRequest = { ...prepared.details };
    if (courseId) request.courseIds = [courseId];
    const result = await checkout(request);
    if ('error' in result) {
      setFormError(serverMessage(result.error) ?? t('learning.checkout.startFailed'));
      return;
    }
    const { orderId, clientAction } = result.data;
    const confirmError = await payment.confirm(clientAction);
    if (confirmError) {
      setFormError(confirmError);
      return;
    }
    setPhase({
      kind: 'waiting',
      orderId,
      method: request.method,
      message: clientAction.kind === 'mpesa_stk' ? t('learning.checkout.waitingMpesa') : null,
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
        onRetry={() => setPhase({ kind: 'form' })}
      />
    );
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
        <PaymentFields payment={payment} />
        {formError ? (
          <p className="form__error" role="alert">
            {formError}
          </p>
        ) : null}
        <button type="submit" className="button button--block" disabled={isLoading}>
          {isLoading
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
