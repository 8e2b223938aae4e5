const MPESA = [
  'MPESA_CONSUMER_KEY',
  'MPESA_CONSUMER_SECRET',
  'MPESA_SHORTCODE',
  'MPESA_PASSKEY',
  'MPESA_CALLBACK_URL',
] as const;

type PaymentVariable = 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | (typeof MPESA)[number];

/** A half-configured provider would fail at the first checkout or webhook: refuse it at start-up instead. */
export function paymentProblems(e: Partial<Record<PaymentVariable, string | undefined>>) {
  const problems: { variable: string; message: string }[] = [];
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET)
    problems.push({ variable: 'STRIPE_WEBHOOK_SECRET', message: 'is required with STRIPE_SECRET_KEY' });
  if (MPESA.some((name) => e[name]))
    for (const name of MPESA)
      if (!e[name])
        problems.push({ variable: name, message: 'is required when M-Pesa is configured (all MPESA_* together)' });
  return problems;
}
