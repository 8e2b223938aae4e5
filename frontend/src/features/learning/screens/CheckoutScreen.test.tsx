import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { type Call, installFetch } from '@/testing/installFetch';
import type { FakeRoute } from '@/testing/render';

import { makeCart, makeCourse, makeDetail, makeOrder, SANDBOX_CONFIG } from '../testing/fixtures';
import { renderLearning } from '../testing/renderLearning';

function serve(orderAnswers: FakeRoute[], extra: (call: Call) => FakeRoute | undefined = () => undefined) {
  let reads = 0;
  return installFetch(
    (call) =>
      extra(call) ??
      (call.path === '/api/cart'
        ? { body: makeCart([makeCourse()]) }
        : call.path === '/api/payments/config'
          ? { body: SANDBOX_CONFIG }
          : call.method === 'POST' && call.path === '/api/checkout'
            ? {
                status: 201,
                body: {
                  orderId: 'o1',
                  status: 'pending',
                  total: '1500',
                  provider: 'sandbox',
                  clientAction:
                    (call.body as { method: string }).method === 'mpesa'
                      ? {
                          kind: 'mpesa_stk',
                          checkoutRequestId: 'ws1',
                          merchantRequestId: 'm1',
                          message: 'Check your phone and enter your M-Pesa PIN to pay',
                        }
                      : { kind: 'sandbox', completesInMs: 3000 },
                },
              }
            : call.path === '/api/orders/o1'
              ? orderAnswers[Math.min((reads += 1) - 1, orderAnswers.length - 1)]
              : undefined),
  );
}

describe('/checkout', () => {
  it('refuses a phone number M-Pesa cannot take, without placing an order', async () => {
    const calls = serve([]);
    const user = userEvent.setup();
    renderLearning('/checkout');
    const phone = await screen.findByRole('textbox', { name: 'M-Pesa phone number' });
    await user.type(phone, '0812 345 678');
    await user.click(screen.getByRole('button', { name: /^Pay KSh.1,500$/ }));
    expect(
      await screen.findByText('Enter a Safaricom number such as 0712 345 678, 254712345678 or +254712345678'),
    ).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.path === '/api/checkout')).toEqual([]);
  });

  it('pays the cart by M-Pesa: asks for the PIN while the order is pending, then offers Start learning', async () => {
    const calls = serve([
      { body: makeOrder() },
      { body: makeOrder({ status: 'paid', paidAt: '2026-01-04T00:00:05.000Z' }) },
    ]);
    const user = userEvent.setup();
    renderLearning('/checkout');
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText(/Foundations of Fiqh/)).toBeInTheDocument();
    expect(screen.getByText(/0700 000 001 cancels/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'M-Pesa phone number' }), '+254 712 345 678');
    await user.click(screen.getByRole('button', { name: /^Pay KSh.1,500$/ }));
    expect(await screen.findByText('Check your phone and enter your M-Pesa PIN to pay')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/checkout')?.body).toEqual({
      method: 'mpesa',
      phone: '254712345678',
      expectedTotal: '1500',
    });
    const start = await screen.findByRole('link', { name: 'Start learning Foundations of Fiqh' }, { timeout: 5000 });
    expect(start).toHaveAttribute('href', '/course/c1/learn');
    expect(screen.getByRole('heading', { name: 'Payment complete' })).toBeInTheDocument();
    const reads = calls.filter((c) => c.path === '/api/orders/o1').length;
    expect(reads).toBeGreaterThanOrEqual(2);
    // Settled: no more polling.
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect(calls.filter((c) => c.path === '/api/orders/o1').length).toBe(reads);
  });

  it("M-Pesa's wait says the amount and the phone, and sends the prompt again to the same number", async () => {
    const calls = serve([{ body: makeOrder() }], (call) =>
      call.method === 'POST' && call.path === '/api/orders/o1/pay'
        ? {
            body: {
              orderId: 'o1',
              status: 'pending',
              total: '1500',
              provider: 'sandbox',
              clientAction: { kind: 'mpesa_stk' },
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderLearning('/checkout');
    await user.type(await screen.findByRole('textbox', { name: 'M-Pesa phone number' }), '0712 345 678');
    await user.click(screen.getByRole('button', { name: /^Pay KSh.1,500$/ }));
    expect(await screen.findByText(/^Amount: KSh.1,500$/)).toBeInTheDocument();
    expect(screen.getByText('Prompt sent to').parentElement).toHaveTextContent('Prompt sent to 0712 345 678');
    await user.click(screen.getByRole('button', { name: 'Send the prompt again' }));
    expect(await screen.findByText('A new prompt is on its way to your phone')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/orders/o1/pay').map((c) => c.body)).toEqual([
      { phone: '254712345678' },
    ]);
  });

  it("M-Pesa's wait can cancel the order, and then offers the way back to the cart", async () => {
    let cancelled = false;
    const calls = serve([{ body: makeOrder() }], (call) => {
      if (call.method === 'POST' && call.path === '/api/orders/o1/cancel') cancelled = true;
      return cancelled && call.path.startsWith('/api/orders/o1')
        ? { body: makeOrder({ status: 'cancelled' }) }
        : undefined;
    });
    const user = userEvent.setup();
    renderLearning('/checkout');
    await user.type(await screen.findByRole('textbox', { name: 'M-Pesa phone number' }), '0712 345 678');
    await user.click(screen.getByRole('button', { name: /^Pay KSh.1,500$/ }));
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByRole('heading', { name: 'Order cancelled' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the cart' })).toHaveAttribute('href', '/cart');
    expect(calls.filter((c) => c.path === '/api/orders/o1/cancel')).toHaveLength(1);
  });

  it('Buy Now pays one course by sandbox card; a declined card shows the reason and Try again goes back', async () => {
    const calls = serve(
      [{ body: makeOrder({ status: 'failed', method: 'card', failureReason: 'Your card was declined' }) }],
      (call) => (call.path === '/api/courses/c1' ? { body: makeDetail() } : undefined),
    );
    const user = userEvent.setup();
    renderLearning('/checkout?courseId=c1');
    await user.click(await screen.findByRole('radio', { name: 'Card' }));
    expect(screen.getByText('Sandbox')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4000 0000 0000 0002');
    await user.click(screen.getByRole('button', { name: /^Pay KSh.1,500$/ }));
    expect(await screen.findByText('Your card was declined')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/checkout')?.body).toEqual({
      method: 'card',
      courseIds: ['c1'],
      cardNumber: '4000000000000002',
      expectedTotal: '1500',
    });
    expect(calls.some((c) => c.path === '/api/cart')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Pay KSh.1,500$/ })).toBeInTheDocument());
  });

  it('offers only the methods this server can take, and says so when it takes none', async () => {
    serve([], (call) =>
      call.path === '/api/payments/config' ? { body: { ...SANDBOX_CONFIG, mpesa: null } } : undefined,
    );
    const { unmount } = renderLearning('/checkout');
    expect(await screen.findByRole('radio', { name: 'Card' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'M-Pesa' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Card number' })).toBeInTheDocument();
    unmount();

    serve([], (call) =>
      call.path === '/api/payments/config' ? { body: { ...SANDBOX_CONFIG, mpesa: null, card: null } } : undefined,
    );
    renderLearning('/checkout');
    expect(
      await screen.findByText('Payments are not available right now. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });
});
