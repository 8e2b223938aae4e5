import './payment.css';

import { useTranslation } from '@/i18n/useTranslation';
import { TextField } from '@/ui/TextField';

import { StripeCardField } from './StripeCardField';
import type { PaymentForm } from './usePaymentForm';

/** The method choice (only what this server takes) and the chosen method's field, with sandbox hints. */
export function PaymentFields({ payment }: { payment: PaymentForm }) {
  const { t } = useTranslation();
  const { config, method, stripeKey } = payment;
  return (
    <>
      <fieldset className="method-choice">
        <legend className="field__label">{t('learning.checkout.method')}</legend>
        {payment.available.map((m) => (
          <label key={m}>
            <input type="radio" name="method" value={m} checked={method === m} onChange={() => payment.choose(m)} />
            {t(`learning.checkout.${m}`)}
          </label>
        ))}
      </fieldset>
      {method === 'mpesa' ? (
        <>
          <TextField
            label={t('learning.checkout.phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            dir="ltr"
            value={payment.phone}
            onValueChange={payment.setPhone}
            hint={t('learning.checkout.phoneHint')}
            error={payment.fieldError}
          />
          {config?.mpesa === 'sandbox' ? (
            <p className="sandbox-hint">
              <strong>{t('learning.checkout.sandbox')}</strong>
              {t('learning.checkout.sandboxMpesaHint')}
            </p>
          ) : null}
        </>
      ) : stripeKey ? (
        <StripeCardField publishableKey={stripeKey} onReady={(confirm) => (payment.confirmCard.current = confirm)} />
      ) : (
        <>
          <TextField
            label={t('learning.checkout.cardNumber')}
            inputMode="numeric"
            autoComplete="cc-number"
            dir="ltr"
            value={payment.cardNumber}
            onValueChange={payment.setCardNumber}
            error={payment.fieldError}
          />
          {config?.card === 'sandbox' ? (
            <p className="sandbox-hint">
              <strong>{t('learning.checkout.sandbox')}</strong>
              {t('learning.checkout.sandboxHint')}
            </p>
          ) : null}
        </>
      )}
    </>
  );
}
