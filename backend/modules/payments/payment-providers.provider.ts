import { Inject, Injectable, type OnModuleDestroy, type Provider } from '@nestjs/common';
import type { AppConfig } from '@platform/config';
import type { Logger } from '@platform/logging';
import { APP_CONFIG, LOGGER } from '@platform/tokens';

import { createPaymentProviders, type PaymentProviders } from './adapters/payment-providers';
import { PAYMENT_PROVIDERS } from './ports/payment-provider.port';

/** The adapters chosen by configuration (see createPaymentProviders), one set per app. */
export const paymentProvidersProvider: Provider = {
  provide: PAYMENT_PROVIDERS,
  inject: [APP_CONFIG, LOGGER],
  useFactory: (config: AppConfig, logger: Logger): PaymentProviders =>
    createPaymentProviders(config.payments, logger.child({ component: 'payments' })),
};

/** Stops the sandbox's scheduled callbacks when the app closes, so none lands on a closed store. */
@Injectable()
export class PaymentProvidersLifecycle implements OnModuleDestroy {
  constructor(@Inject(PAYMENT_PROVIDERS) private readonly providers: PaymentProviders) {}

  async onModuleDestroy() {
    await this.providers.close();
  }
}
