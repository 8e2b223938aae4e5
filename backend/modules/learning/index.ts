export { CourseCards } from './course-cards';
export { CoursesService } from './courses.service';
/** The seed enrols and reviews through the deciders, as the enrolment and review services do. */
export { enrolmentDecider } from './domain/enrolment.decider';
export { reviewDecider } from './domain/review.decider';
export * from './events';
export { LearningModule } from './learning.module';
export * from './limits';
export { TeachersService } from './teachers.service';
/** Orphan donations reuse the marketplace's money helpers, payment port and webhooks (one payment port). */
export { normaliseMpesaPhone, PAYMENT_MESSAGES } from './adapters/payment-input';
export type { PaymentProviders } from './adapters/payment-providers';
export { formatKes, parseKes } from './domain/money';
export { isPaymentError, methodUnavailable, paymentHttpError } from './payment-failure';
export type { PaymentSubject, PaymentSubjectHandling } from './payment-subjects';
export { PaymentSubjects } from './payment-subjects';
export type { ClientAction, IncomingWebhook, PaymentOutcome, PaymentProviderPort } from './ports/payment-provider.port';
export { PAYMENT_PROVIDERS, PaymentError } from './ports/payment-provider.port';
