import type { StripeCardElement } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';

import { useTranslation } from '@/i18n/useTranslation';

/** Confirms a PaymentIntent with the card the member typed into Stripe's own field. */
export type ConfirmCard = (clientSecret: string) => Promise<{ error: string | null }>;

/**
 * Stripe's card element. Stripe's script is loaded only when this mounts (the card number never
 * touches our page or server); `onReady` hands the checkout the confirm function.
 */
export function StripeCardField({
  publishableKey,
  onReady,
}: {
  publishableKey: string;
  onReady: (confirm: ConfirmCard | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let card: StripeCardElement | null = null;
    let cancelled = false;
    void (async () => {
      try {
        const { loadStripe } = await import('@stripe/stripe-js');
        const stripe = await loadStripe(publishableKey, { locale: i18n.language === 'ar' ? 'ar' : 'en' });
        if (cancelled || !stripe || !host.current) return;
        card = stripe.elements().create('card');
        card.mount(host.current);
        const mounted = card;
        onReady(async (clientSecret) => {
          const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card: mounted } });
          return { error: result.error ? (result.error.message ?? t('learning.checkout.failedUnknown')) : null };
        });
      } catch (error) {
        console.error('Stripe.js failed to load', error);
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      onReady(null);
      card?.destroy();
    };
    // Mounted once per key; the language of an open form does not remount it.
  }, [publishableKey]);

  return (
    <div className="field">
      <span className="field__label" id="stripe-card-label">
        {t('learning.checkout.cardDetails')}
      </span>
      <div ref={host} className="stripe-card" aria-labelledby="stripe-card-label" />
      {failed ? (
        <p className="field__error" role="alert">
          {t('learning.checkout.stripeUnavailable')}
        </p>
      ) : null}
    </div>
  );
}
