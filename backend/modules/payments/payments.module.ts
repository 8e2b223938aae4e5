import { Module } from '@nestjs/common';

import { PaymentWebhooksController } from './http/payment-webhooks.controller';
import { PaymentProvidersLifecycle, paymentProvidersProvider } from './payment-providers.provider';
import { PaymentSubjects } from './payment-subjects';
import { PaymentWebhooksService } from './payment-webhooks.service';
import { PAYMENT_PROVIDERS } from './ports/payment-provider.port';

/**
 * Where money moves (issue 16, its own module since issue 35): the payment providers chosen by
 * configuration and their webhook routes. Course orders (learning) and orphan donations (support)
 * import it and register as payment subjects; one instance, so one set of providers and one sandbox.
 */
@Module({
  controllers: [PaymentWebhooksController],
  providers: [paymentProvidersProvider, PaymentProvidersLifecycle, PaymentSubjects, PaymentWebhooksService],
  exports: [PAYMENT_PROVIDERS, PaymentSubjects],
})
export class PaymentsModule {}
