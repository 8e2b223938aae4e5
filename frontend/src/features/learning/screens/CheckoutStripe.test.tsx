import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { installFetch } from '@/testing/installFetch';

import { makeCart, makeCourse, makeOrder } from '../testing/fixtures';
import { renderLearning } from '../testing/renderLearning';

// Stripe.js itself is Stripe's script: the test stands in for it and checks what the page asks of it.
const confirmCardPayment = jest.fn();
const mount = jest.fn();
const cardElement = { mount, destroy: jest.fn() };
const loadStripe = jest.fn(async () => ({
  elements: () => ({ create: () => cardElement }),
  confirmCardPayment,
}));
jest.mock('@stripe/stripe-js', () => ({ loadStripe: (...args: unknown[]) => loadStripe(...(args as [])) }));

describe('/checkout with Stripe', () => {
  beforeEach(() => {
    mount.mockClear();
    loadStripe.mockClear();
    confirmCardPayment.mockReset();
  });

  it('loads Stripe with the publishable key, confirms the PaymentIntent with the card element, then waits for the order', async () => {
    confirmCardPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const calls = installFetch((call) =>
      call.path === '/api/cart'
        ? { body: makeCart([makeCourse()]) }
        : call.path === '/api/payments/config'
          ? { body: { card: 'stripe', mpesa: 'mpesa', stripePublishableKey: 'pk_test_123', sandboxDelayMs: 0 } }
          : call.path === '/api/checkout'
            ? {
                status: 201,
                body: {
                  orderId: 'o1',
                  status: 'pending',
                  total: '1500',
                  provider: 'stripe',
                  clientAction: { kind: 'stripe_card', clientSecret: 'pi_1_secret_2' },
                },
              }
            : call.path === '/api/orders/o1'
              ? { body: makeOrder({ status: 'paid', method: 'card', provider: 'stripe' }) }
              : undefined,
    );
    const user = userEvent.setup();
    renderLearning('/checkout');
    await user.click(await screen.findByRole('radio', { name: 'Card' }));
    // No card number field of ours, and no sandbox hint: the card goes to Stripe only.
    expect(screen.queryByRole('textbox', { name: 'Card number' })).toBeNull();
    expect(screen.queryByText('Sandbox')).toBeNull();
    await waitFor(() => expect(mount).toHaveBeenCalled());
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123', { locale: 'en' });
    await user.click(screen.getByRole('button', { name: /^Pay KSh.1,500$/ }));
    expect(await screen.findByRole('heading', { name: 'Payment complete' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/checkout')?.body).toEqual({ method: 'card', expectedTotal: '1500' });
    expect(confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_2', { payment_method: { card: cardElement } });
  });

  it("shows Stripe's decline, keeps the order, and paying again retries that same order", async () => {
    confirmCardPayment.mockResolvedValueOnce({ error: { message: 'Your card has insufficient funds.' } });
    confirmCardPayment.mockResolvedValueOnce({ paymentIntent: { status: 'succeeded' } });
    const calls = installFetch((call) =>
      call.path === '/api/cart'
        ? { body: makeCart([makeCourse()]) }
        : call.path === '/api/payments/config'
          ? { body: { card: 'stripe', mpesa: 'mpesa', stripePublishableKey: 'pk_test_123', sandboxDelayMs: 0 } }
          : call.path === '/api/checkout'
            ? {
                status: 201,
                body: {
                  orderId: 'o1',
                  status: 'pending',
                  total: '1500',
                  provider: 'stripe',
                  clientAction: { kind: 'stripe_card', clientSecret: 's' },
                },
              }
            : call.method === 'POST' && call.path === '/api/orders/o1/pay'
              ? {
                  body: {
                    orderId: 'o1',
                    status: 'pending',
                    total: '1500',
                    provider: 'stripe',
                    clientAction: { kind: 'stripe_card', clientSecret: 's' },
                  },
                }
              : call.path === '/api/orders/o1'
                ? { body: makeOrder({ status: 'paid', method: 'card', provider: 'stripe' }) }
                : undefined,
    );
    const user = userEvent.setup();
    renderLearning('/checkout');
    await user.click(await screen.findByRole('radio', { name: 'Card' }));
    await waitFor(() => expect(mount).toHaveBeenCalled());
    await user.click(screen.getByRole('button', { name: /^Pay KSh.1,500$/ }));
    expect(await screen.findByText('Your card has insufficient funds.')).toBeInTheDocument();
    expect(screen.getByText('Your order is kept: paying again retries the same order.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Pay KSh.1,500$/ })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: /^Pay KSh.1,500$/ }));
    expect(await screen.findByRole('heading', { name: 'Payment complete' })).toBeInTheDocument();
    // One order only: the second press paid o1 again instead of checking out anew.
    expect(calls.filter((c) => c.path === '/api/checkout')).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/orders/o1/pay')).toHaveLength(1);
    expect(confirmCardPayment).toHaveBeenNthCalledWith(2, 's', { payment_method: { card: cardElement } });
  });
});
