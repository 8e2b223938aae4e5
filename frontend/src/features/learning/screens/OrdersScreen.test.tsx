import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';

import { installFetch } from '@/testing/installFetch';
import { renderWithProviders } from '@/testing/render';
import { Toasts } from '@/ui/toast';

import { makeOrder } from '../testing/fixtures';
import OrdersScreen, { canRefund } from './OrdersScreen';

const DAY = 24 * 60 * 60_000;

describe('/orders', () => {
  it('offers Refund only for a paid order inside its 7 days, asks first, and says when it is done', async () => {
    const soon = new Date(Date.now() + 2 * DAY).toISOString();
    const paid = makeOrder({
      id: 'o1',
      status: 'paid',
      paidAt: new Date(Date.now() - 5 * DAY).toISOString(),
      refundableUntil: soon,
    });
    const old = makeOrder({ id: 'o2', status: 'paid', refundableUntil: new Date(Date.now() - DAY).toISOString() });
    const failed = makeOrder({ id: 'o3', status: 'failed', failureReason: 'Request cancelled by user' });
    const calls = installFetch((call) =>
      call.path === '/api/orders'
        ? { body: [paid, old, failed] }
        : call.path === '/api/orders/o1/refund'
          ? { body: { ...paid, status: 'refunded', refundStatus: 'manual_required' } }
          : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <Routes>
          <Route path="/orders" element={<OrdersScreen />} />
        </Routes>
        <Toasts />
      </>,
      { route: '/orders' },
    );
    const list = await screen.findByRole('list', { name: 'My orders' });
    expect(within(list).getAllByRole('button', { name: 'Refund' })).toHaveLength(1);
    expect(within(list).getByText('Request cancelled by user')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Refund this order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      await screen.findByText('Refund recorded. Our team will send your M-Pesa refund shortly.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/orders/o1/refund']);
  });

  it('canRefund: paid and before refundableUntil only', () => {
    const now = Date.parse('2026-01-10T00:00:00.000Z');
    expect(canRefund(makeOrder({ status: 'paid', refundableUntil: '2026-01-10T00:00:01.000Z' }), now)).toBe(true);
    expect(canRefund(makeOrder({ status: 'paid', refundableUntil: '2026-01-10T00:00:00.000Z' }), now)).toBe(false);
    expect(canRefund(makeOrder({ status: 'refunded', refundableUntil: '2026-01-11T00:00:00.000Z' }), now)).toBe(false);
  });
});
