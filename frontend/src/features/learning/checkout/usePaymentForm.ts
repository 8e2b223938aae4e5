import { type MutableRefObject, useEffect, useRef, useState } from 'react';

import { useTranslation } from '@/i18n/useTranslation';

import type { ClientAction, PaymentMethod, PaymentsConfig } from '../types';
import { cardDigits, normalizeKenyanPhone } from './phone';
import type { ConfirmCard } from './StripeCardField';

/** What a payment request carries besides what is paid for (checkout and donations alike). */
export interface PaymentDetails {
  method: PaymentMethod;
  phone?: string;
  cardNumber?: string;
}

export type Prepared = { ok: true; details: PaymentDetails } | { ok: false; formError: string | null };

export interface PaymentForm {
  config: PaymentsConfig | undefined;
  /** The methods this server can take, M-Pesa first. */
  available: PaymentMethod[];
  method: PaymentMethod;
  choose: (method: PaymentMethod) => void;
  phone: string;
  setPhone: (value: string) => void;
  cardNumber: string;
  setCardNumber: (value: string) => void;
  fieldError: string | undefined;
  /** Set when cards go through Stripe.js: the card is typed into Stripe's own field. */
  stripeKey: string | null;
  confirmCard: MutableRefObject<ConfirmCard | null>;
  /** Checks the chosen method's field; a field error is shown beside the field (formError null). */
  prepare: () => Prepared;
  /** Shows beside the chosen method's field why the server refused what was typed there. */
  refuseField: (message: string) => void;
  /** After the server started the payment: Stripe confirms the card here. Resolves to an error or null. */
  confirm: (action: ClientAction) => Promise<string | null>;
}

/**
 * The payment part of a form (§7 payments config): which methods are offered, the M-Pesa phone or
 * the card (sandbox number or Stripe.js), their checks, and the card confirmation Stripe needs.
 */
export function usePaymentForm(config: PaymentsConfig | undefined, only?: PaymentMethod): PaymentForm {
  const { t } = useTranslation();
  const [method, setMethod] = useState<PaymentMethod>('mpesa');
  const [phone, setPhone] = useState('');
  const [cardNumber, setCardNumber] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const confirmCard = useRef<ConfirmCard | null>(null);
  const stripeKey = config?.card === 'stripe' ? config.stripePublishableKey : null;
  // An order placed already is paid again by its own method (the server starts that provider).
  const available = (['mpesa', 'card'] as const).filter((m) => config?.[m] && (!only || m === only));
  // The default choice must be a method this server can take (a deployment may offer only one).
  useEffect(() => {
    if (available.length > 0 && !available.includes(method)) setMethod(available[0]!);
  }, [available.join(), method]);

  function prepare(): Prepared {
    const fail = (message: string): Prepared => {
      setFieldError(message);
      return { ok: false, formError: null };
    };
    if (method === 'mpesa') {
      const normalized = normalizeKenyanPhone(phone);
      if (!normalized) return fail(t('learning.checkout.phoneInvalid'));
      setFieldError(undefined);
      return { ok: true, details: { method, phone: normalized } };
    }
    if (!stripeKey) {
      const digits = cardDigits(cardNumber);
      if (!digits) return fail(t('learning.checkout.cardNumberInvalid'));
      setFieldError(undefined);
      return { ok: true, details: { method, cardNumber: digits } };
    }
    if (!confirmCard.current) return { ok: false, formError: t('learning.checkout.stripeUnavailable') };
    setFieldError(undefined);
    return { ok: true, details: { method } };
  }

  async function confirm(action: ClientAction): Promise<string | null> {
    if (action.kind !== 'stripe_card' || !confirmCard.current) return null;
    return (await confirmCard.current(action.clientSecret)).error;
  }

  return {
    config,
    available,
    method,
    choose: (m) => {
      setMethod(m);
      setFieldError(undefined);
    },
    phone,
    setPhone,
    cardNumber,
    setCardNumber,
    fieldError,
    stripeKey,
    confirmCard,
    prepare,
    refuseField: setFieldError,
    confirm,
  };
}
