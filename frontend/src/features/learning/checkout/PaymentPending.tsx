import './payment.css';

/** How often a pending payment (order or donation) is asked for again; the provider's webhook moves it on. */
export const PAYMENT_POLL_MS = 1500;

/** The waiting state while a payment is pending: a spinner, what to do (the M-Pesa PIN), and a note. */
export function PaymentPending({ message, note }: { message: string; note?: string | null }) {
  return (
    <div className="checkout-state" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>{message}</p>
      {note ? <p className="muted">{note}</p> : null}
    </div>
  );
}
