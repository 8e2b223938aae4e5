/** The learning marketplace. Its screens are loaded lazily by app/routes.tsx; the shell shows the cart link. */
export { CartLink } from './components/CartLink';

// The payment pieces of checkout, shared with orphan donations (one payment port, one payment form).
export { useGetPaymentsConfigQuery } from './api/ordersApi';
export { PaymentFields } from './checkout/PaymentFields';
export { PAYMENT_POLL_MS, PaymentPending } from './checkout/PaymentPending';
export { type PaymentDetails, type PaymentForm, usePaymentForm } from './checkout/usePaymentForm';
export { formatKes } from './format';
