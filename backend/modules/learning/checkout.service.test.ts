import type { PaymentProviders } from '@modules/payments';
import type { AppConfig } from '@platform/config';
import type { CommandExecutor } from '@platform/decider/command-executor';
import type { EventStore } from '@platform/event-store/event-store.port';
import { ServerSecret } from '@platform/http/security/server-secret';
import { silentLogger } from '@platform/logging';

import { CheckoutService } from './checkout.service';
import type { CheckoutHolds } from './checkout-holds';
import type { CheckoutRefusals } from './checkout-refusals';
import type { CommerceFacts } from './commerce-facts';
import { LearningClock } from './learning-clock';

describe('checkout without a provider for the method', () => {
  it('answers 503 before placing any order (production without a provider, the sandbox not asked for)', async () => {
    const execute = jest.fn();
    const service = new CheckoutService(
      { forMethod: () => null } as unknown as PaymentProviders,
      silentLogger,
      {} as AppConfig,
      { readStream: jest.fn() } as unknown as EventStore,
      { execute, executeMany: execute } as unknown as CommandExecutor,
      {} as CommerceFacts,
      {} as CheckoutHolds,
      {} as CheckoutRefusals,
      new LearningClock(),
      new ServerSecret('s'.repeat(48)),
    );
    const refused = service.checkout('u1', { method: 'mpesa', courseIds: ['c1'], expectedTotal: 100 }, { actor: 'u1' });
    await expect(refused).rejects.toMatchObject({
      status: 503,
      body: { message: 'M-Pesa payments are not available right now', code: 'PAYMENT_METHOD_UNAVAILABLE' },
    });
    expect(execute).not.toHaveBeenCalled();
  });
});
