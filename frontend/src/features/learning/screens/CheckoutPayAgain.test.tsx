import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { i18n } from '@/i18n';
import { type Call, installFetch } from '@/testing/installFetch';
import type { FakeRoute } from '@/testing/render';

import { payAgainRefusal } from '../checkout/refusals';
import { makeCart, makeCourse, makeOrder, SANDBOX_CONFIG } from '../testing/fixtures';
import { renderLearning } from '../testing/renderLearning';

const arLearning = jest.requireActual<{ checkout: Record<string, string> }>('../locales/ar.json');

/** An M-Pesa order still waiting for payment, paid again from /checkout?orderId=o9. */
const waiting = makeOrder({ id: 'o9', method: 'mpesa', total: '1500' });

const STK_SENT = {
  body: {
    orderId: 'o9',
    status: 'pending',
    total: '1500',
    provider: 'sandbox',
    clientAction: {
      kind: 'mpesa_stk',
      checkoutRequestId: 'ws_CO_1',
      merchantRequestId: 'mr_1',
      message: 'Success. Request accepted for processing',
    },
  },
};

const refused = (status: number, code: string, message: string): FakeRoute => ({
  status,
  body: { error: status === 429 ? 'Too Many Requests' : 'Conflict', message, code },
});
const PAYER_CHANGED = refused(
  409,
  'PAYER_CHANGED',
  'This order is paid from the M-Pesa number it was placed with: use that number, or place a new order',
);
const ORDER_NOT_PENDING = refused(409, 'ORDER_NOT_PENDING', 'This order is no longer waiting for payment');
const RATE_LIMITED = refused(429, 'RATE_LIMITED', 'Too many requests, please try again later');

/** The order's pay-again route answers `pay` in turn; the order reads as `order()` each time. */
function serve(pay: (call: Call) => FakeRoute, order: () => ReturnType<typeof makeOrder> = () => waiting) {
  return installFetch((call) =>
    call.path === '/api/payments/config'
      ? { body: SANDBOX_CONFIG }
      : call.path === '/api/orders/o9'
        ? { body: order() }
        : call.method === 'POST' && call.path === '/api/orders/o9/pay'
          ? pay(call)
          : call.path === '/api/cart'
            ? { body: makeCart([makeCourse()]) }
            : undefined,
  );
}

async function payFrom(user: ReturnType<typeof userEvent.setup>, phone: string, label = 'M-Pesa phone number') {
  const field = await screen.findByRole('textbox', { name: label });
  await user.clear(field);
  await user.type(field, phone);
  await user.click(screen.getByRole('button', { name: /KSh|^دفع/ }));
}

describe('/checkout?orderId= paying an order again', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('PAYER_CHANGED: says beside the phone to use the number the order was started with; that number then pays', async () => {
    let attempts = 0;
    const calls = serve(() => ((attempts += 1) === 1 ? PAYER_CHANGED : STK_SENT));
    const user = userEvent.setup();
    renderLearning('/checkout?orderId=o9');
    await payFrom(user, '0722000111');

    const phone = screen.getByRole('textbox', { name: 'M-Pesa phone number' });
    const said = 'Use the M-Pesa number this order was started with: an order is paid from one number only.';
    await waitFor(() => expect(phone).toHaveAccessibleDescription(expect.stringContaining(said)));
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    // Not the server's English, and nothing is waited for: no STK push was sent.
    expect(screen.queryByText(/place a new order/)).toBeNull();
    expect(screen.queryByText('Check your phone and enter your M-Pesa PIN to pay')).toBeNull();

    await payFrom(user, '0712345678');
    expect(await screen.findByText('Check your phone and enter your M-Pesa PIN to pay')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/orders/o9/pay').map((c) => c.body)).toEqual([
      { phone: '254722000111' },
      { phone: '254712345678' },
    ]);
    expect(calls.some((c) => c.path === '/api/checkout')).toBe(false);
  });

  it('ORDER_NOT_PENDING: the order can no longer be paid; no Pay button, a link back to the cart and to the orders', async () => {
    let closed = false;
    const calls = serve(
      () => ((closed = true), ORDER_NOT_PENDING),
      () => (closed ? { ...waiting, status: 'expired' } : waiting),
    );
    const user = userEvent.setup();
    renderLearning('/checkout?orderId=o9');
    await payFrom(user, '0712345678');

    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText('This order can no longer be paid')).toBeInTheDocument();
    expect(notice).toHaveTextContent(
      'It was paid meanwhile, or its time to pay has run out. Check My orders, or start a new checkout from your cart.',
    );
    expect(within(notice).getByRole('link', { name: 'My orders' })).toHaveAttribute('href', '/orders');
    // The order is read again (it shows expired now), and stays refused rather than offered once more.
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/orders/o9').length).toBeGreaterThanOrEqual(2));
    expect(screen.getByRole('alert')).toHaveTextContent('This order can no longer be paid');
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(screen.queryByText('There is nothing to pay for.')).toBeNull();

    await user.click(within(screen.getByRole('alert')).getByRole('link', { name: 'Back to cart' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/cart');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/orders/o9/pay']);
  });

  it('RATE_LIMITED: asks to wait a few minutes, in the member’s words, and keeps the form', async () => {
    serve(() => RATE_LIMITED);
    const user = userEvent.setup();
    renderLearning('/checkout?orderId=o9');
    await payFrom(user, '0712345678');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many payment attempts. Please wait a few minutes, then try again.',
    );
    expect(screen.getByRole('button', { name: /^Pay KSh.1,500$/ })).toBeEnabled();
  });

  it('says both in Arabic too', async () => {
    let attempts = 0;
    serve(() => ((attempts += 1) === 1 ? PAYER_CHANGED : ORDER_NOT_PENDING));
    await act(() => i18n.changeLanguage('ar'));
    const user = userEvent.setup();
    renderLearning('/checkout?orderId=o9');
    await payFrom(user, '0722000111', 'رقم هاتف M-Pesa');
    const phone = screen.getByRole('textbox', { name: 'رقم هاتف M-Pesa' });
    await waitFor(() =>
      expect(phone).toHaveAccessibleDescription(expect.stringContaining(arLearning.checkout.payerChanged!)),
    );

    await payFrom(user, '0712345678', 'رقم هاتف M-Pesa');
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText(arLearning.checkout.orderClosedTitle!)).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: arLearning.checkout.backToCart! })).toHaveAttribute(
      'href',
      '/cart',
    );
  });

  it('payAgainRefusal reads only these codes with their own statuses', () => {
    const error = (status: number, code: string) => ({ status, data: { code, message: 'm' } });
    expect(payAgainRefusal(error(409, 'PAYER_CHANGED'))).toBe('PAYER_CHANGED');
    expect(payAgainRefusal(error(409, 'ORDER_NOT_PENDING'))).toBe('ORDER_NOT_PENDING');
    expect(payAgainRefusal(error(429, 'RATE_LIMITED'))).toBe('RATE_LIMITED');
    expect(payAgainRefusal(error(400, 'PAYER_CHANGED'))).toBeNull();
    expect(payAgainRefusal(error(409, 'RATE_LIMITED'))).toBeNull();
    expect(payAgainRefusal(error(409, 'ORDER_PENDING'))).toBeNull();
    expect(payAgainRefusal({ status: 'FETCH_ERROR' })).toBeNull();
    expect(payAgainRefusal(null)).toBeNull();
  });
});
