import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { i18n } from '@/i18n';
import { type Call, installFetch } from '@/testing/installFetch';
import type { FakeRoute } from '@/testing/render';

import { makeCart, makeCourse, makeDetail, makeOrder, SANDBOX_CONFIG } from '../testing/fixtures';
import { renderLearning } from '../testing/renderLearning';

const arLearning = jest.requireActual<{ checkout: Record<string, string> }>('../locales/ar.json');

const STARTED = {
  status: 201,
  body: {
    orderId: 'o1',
    status: 'pending',
    total: '1800',
    provider: 'sandbox',
    clientAction: { kind: 'sandbox', completesInMs: 3000 },
  },
};

/** The cart at 1,500; a raised price (1,800) the server knows and the screen does not yet. */
const raised = makeCourse({ price: '1800' });
const priceChanged = (cart = makeCart([raised]), total = '1800'): FakeRoute => ({
  status: 409,
  body: {
    error: 'Conflict',
    message: 'A price changed since you opened your cart: check the new total and pay again',
    code: 'PRICE_CHANGED',
    total,
    cart,
  },
});

function serve(checkout: (call: Call) => FakeRoute, extra: (call: Call) => FakeRoute | undefined = () => undefined) {
  return installFetch(
    (call) =>
      extra(call) ??
      (call.path === '/api/cart'
        ? { body: makeCart([makeCourse()]) }
        : call.path === '/api/payments/config'
          ? { body: SANDBOX_CONFIG }
          : call.method === 'POST' && call.path === '/api/checkout'
            ? checkout(call)
            : call.path === '/api/orders/o1'
              ? { body: makeOrder() }
              : undefined),
  );
}

async function payByCard(user: ReturnType<typeof userEvent.setup>, amount: RegExp) {
  await user.click(await screen.findByRole('radio', { name: 'Card' }));
  const card = screen.getByRole('textbox', { name: 'Card number' });
  await user.clear(card);
  await user.type(card, '4242424242424242');
  await user.click(screen.getByRole('button', { name: amount }));
}

describe('/checkout refusals', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('PRICE_CHANGED: nothing is charged, the new cart and total show with a notice, and the member confirms again', async () => {
    let attempts = 0;
    const calls = serve(() => ((attempts += 1) === 1 ? priceChanged() : STARTED));
    const user = userEvent.setup();
    renderLearning('/checkout');
    await payByCard(user, /^Pay KSh.1,500$/);

    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText('The price changed')).toBeInTheDocument();
    expect(
      within(notice).getByText(
        'A price changed since you opened your cart. The new total is KSh 1,800: please review your cart, then pay again to confirm.',
      ),
    ).toBeInTheDocument();
    // The notice comes with the refusal; the summary follows once the cart is read again.
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'Order summary' })).getAllByText('KSh 1,800')).toHaveLength(2),
    );
    expect(screen.queryByText(/Confirming your payment/)).toBeNull();

    // Confirming sends the total now shown: the server charges what the member saw.
    await user.click(screen.getByRole('button', { name: /^Pay KSh.1,800$/ }));
    expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument();
    const sent = calls
      .filter((c) => c.path === '/api/checkout')
      .map((c) => (c.body as { expectedTotal: string }).expectedTotal);
    expect(sent).toEqual(['1500', '1800']);
  });

  it('PRICE_CHANGED on Buy Now: the course shows its new price and the next press sends it', async () => {
    let attempts = 0;
    const calls = serve(
      () => ((attempts += 1) === 1 ? priceChanged(makeCart([]), '1800') : STARTED),
      (call) => (call.path === '/api/courses/c1' ? { body: makeDetail() } : undefined),
    );
    const user = userEvent.setup();
    renderLearning('/checkout?courseId=c1');
    await payByCard(user, /^Pay KSh.1,500$/);
    expect(await screen.findByText('The price changed')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /^Pay KSh.1,800$/ }));
    expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/checkout').map((c) => c.body)).toEqual([
      expect.objectContaining({ courseIds: ['c1'], expectedTotal: '1500' }),
      expect.objectContaining({ courseIds: ['c1'], expectedTotal: '1800' }),
    ]);
  });

  it('says it in Arabic too', async () => {
    serve(() => priceChanged());
    await act(() => i18n.changeLanguage('ar'));
    const user = userEvent.setup();
    renderLearning('/checkout');
    await user.type(await screen.findByRole('textbox', { name: 'رقم هاتف M-Pesa' }), '0712345678');
    await user.click(screen.getByRole('button', { name: /^دفع/ }));
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText(arLearning.checkout.priceChangedTitle!)).toBeInTheDocument();
    expect(notice).toHaveTextContent(/المجموع الجديد/);
  });

  it('ORDER_PENDING: shows the order waiting for payment and continues paying that order, not a new one', async () => {
    const waiting = makeOrder({ id: 'o9', method: 'card', total: '1500' });
    const calls = serve(
      () => ({
        status: 409,
        body: {
          error: 'Conflict',
          message: 'A course here is already in an order waiting for payment: pay or wait for that order',
          code: 'ORDER_PENDING',
          order: waiting,
        },
      }),
      (call) =>
        call.path === '/api/orders/o9'
          ? { body: waiting }
          : call.method === 'POST' && call.path === '/api/orders/o9/pay'
            ? { body: { ...STARTED.body, orderId: 'o9', total: '1500' } }
            : undefined,
    );
    const user = userEvent.setup();
    renderLearning('/checkout');
    await payByCard(user, /^Pay KSh.1,500$/);

    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText('An order is waiting for payment')).toBeInTheDocument();
    expect(notice).toHaveTextContent(
      'Foundations of Fiqh is already in your order of KSh 1,500 that is waiting for payment.',
    );
    expect(within(notice).getByRole('link', { name: 'My orders' })).toHaveAttribute('href', '/orders');
    await user.click(within(notice).getByRole('link', { name: 'Continue paying this order' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/checkout?orderId=o9');

    // The order is paid again by the method it was placed with.
    expect(await screen.findByRole('radio', { name: 'Card' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'M-Pesa' })).toBeNull();
    // The card typed before is still there: the same screen, another order.
    expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveValue('4242424242424242');
    await user.click(screen.getByRole('button', { name: /^Pay KSh.1,500$/ }));
    expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/checkout',
      '/api/orders/o9/pay',
    ]);
    expect(calls.find((c) => c.path === '/api/orders/o9/pay')?.body).toEqual({ cardNumber: '4242424242424242' });
  });
});
