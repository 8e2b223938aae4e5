export * from './events';
export { PaymentsModule } from './payments.module';
/** Starting payments and refunding them (checkout, refunds, donations), and their refusals as HTTP answers. */
export { normaliseMpesaPhone, PAYMENT_MESSAGES } from './adapters/payment-input';
export type { PaymentProviders } from './adapters/payment-providers';
export { isPaymentError, methodUnavailable, paymentHttpError } from './payment-failure';
export type { ClientAction, IncomingWebhook, PaymentOutcome, PaymentProviderPort } from './ports/payment-provider.port';
export type { RefundRequest, RefundResult } from './ports/payment-provider.port';
export { PAYMENT_PROVIDERS, PaymentError } from './ports/payment-provider.port';
/** What pays: a module registers its subject (orders, donations) so that webhooks reach it. */
export type { PaymentSubject, SubjectPayment } from './payment-subjects';
export { PaymentSubjects } from './payment-subjects';
