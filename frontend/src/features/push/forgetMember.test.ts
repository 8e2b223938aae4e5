import { waitFor } from '@testing-library/react';

import { forgetMemberData } from '@/app/memberForget';

describe('when the member changes (sign-out, another account)', () => {
  afterEach(() => delete (navigator as { serviceWorker?: unknown }).serviceWorker);

  it('the browser’s push subscription goes with them: the next person hears none of their news', async () => {
    const unsubscribe = jest.fn(async () => true);
    const getSubscription = jest.fn(async () => ({ endpoint: 'https://push.example/1', unsubscribe }));
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: async () => ({ pushManager: { getSubscription } }) },
    });
    forgetMemberData();
    await waitFor(() => expect(unsubscribe).toHaveBeenCalledTimes(1));
  });

  it('does nothing where there is no service worker or no subscription', async () => {
    expect(() => forgetMemberData()).not.toThrow();
    const getSubscription = jest.fn(async () => null);
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: async () => ({ pushManager: { getSubscription } }) },
    });
    forgetMemberData();
    await waitFor(() => expect(getSubscription).toHaveBeenCalled());
  });
});
