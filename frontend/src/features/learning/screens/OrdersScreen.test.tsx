import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';

import { i18n } from '@/i18n';
import { installFetch } from '@/testing/installFetch';
import { renderWithProviders } from '@/testing/render';
import { Toasts } from '@/ui/toast';

import { makeOrder } from '../testing/fixtures';
import type { RefundEligibility } from '../types';
import OrdersScreen, { canRefund } from './OrdersScreen';

const arLearning = jest.requireActual<{ orders: { refundRefused: Record<string, string> } }>('../locales/ar.json');

function renderOrders() {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/orders" element={<OrdersScreen />} />
      </Routes>
      <Toasts />
    </>,
    { route: '/orders' },
  );
}

const eligibility = (overrides: Partial<RefundEligibility> = {}): RefundEligibility => ({
  eligible: true,
  reason: null,
  maxProgress: 0.3,
  until: new Date(Date.now() + 2 * 24 * 60 * 60_000).toISOString(),
  consumedCourseIds: [],
  ...overrides,
});

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
    // No share is made up for an order the server sent without its refund rule.
    expect(within(list).queryByText(/Refunds are possible/)).toBeNull();
    await user.click(within(list).getByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Refund this order?' });
    // How much, where it goes and how long, before the member agrees.
    expect(dialog).toHaveTextContent(/KSh\s1,500 goes back to the M-Pesa number you paid from, usually within minutes/);
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      await screen.findByText('Refund recorded. Our team will send your M-Pesa refund shortly.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/orders/o1/refund']);
  });

  it('cancels a pending order after asking, saying what happens to a prompt approved later', async () => {
    const pending = makeOrder({ id: 'o2', status: 'pending', method: 'mpesa' });
    let current = pending;
    const calls = installFetch((call) =>
      call.path === '/api/orders'
        ? { body: [current] }
        : call.path === '/api/orders/o2/cancel'
          ? { body: (current = { ...pending, status: 'cancelled' }) }
          : undefined,
    );
    const user = userEvent.setup();
    renderOrders();
    const list = await screen.findByRole('list', { name: 'My orders' });
    await user.click(within(list).getByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this order?' });
    expect(dialog).toHaveTextContent(/If you approve the M-Pesa prompt after cancelling, the amount is sent back/);
    // Keeping it changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Keep waiting' }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(within(list).getByRole('button', { name: 'Cancel order' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order cancelled')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/orders/o2/cancel']);
    // The list is read again: the order shows cancelled, with nothing left to pay or cancel.
    expect(await within(list).findByText('Cancelled')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(within(list).queryByRole('link', { name: 'Continue paying' })).toBeNull();
  });

  it('names each order by its short number and the time it was placed, in English and Arabic', async () => {
    // Local times, so the expected clock reading holds in any time zone.
    const afternoon = new Date(2026, 10, 29, 14, 5);
    const morning = new Date(2026, 10, 29, 9, 30);
    installFetch((call) =>
      call.path === '/api/orders'
        ? {
            body: [
              makeOrder({ id: '01936b2e-6f1a-7c3d-8e4f-0a1b2c3d4e5f', createdAt: afternoon.toISOString() }),
              makeOrder({ id: '01936b2e-6f1a-7c3d-8e4f-9f8e7d6c5b4a', createdAt: morning.toISOString() }),
            ],
          }
        : undefined,
    );
    const { unmount } = renderOrders();
    const list = await screen.findByRole('list', { name: 'My orders' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual([
      expect.stringMatching(/^Order #3D4E5F · Nov 29, 2026, 2:05\sPM$/),
      expect.stringMatching(/^Order #6C5B4A · Nov 29, 2026, 9:30\sAM$/),
    ]);
    // Each order is named by its heading, not by the whole of its text.
    expect(within(list).getByRole('listitem', { name: /^Order #6C5B4A/ })).toHaveTextContent('Foundations of Fiqh');
    unmount();

    await act(() => i18n.changeLanguage('ar'));
    try {
      renderOrders();
      const placed = new Intl.DateTimeFormat('ar', { dateStyle: 'medium', timeStyle: 'short' }).format(afternoon);
      expect(await screen.findByRole('heading', { name: `الطلب رقم 3D4E5F · ${placed}` })).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('canRefund: paid and before refundableUntil only', () => {
    const now = Date.parse('2026-01-10T00:00:00.000Z');
    expect(canRefund(makeOrder({ status: 'paid', refundableUntil: '2026-01-10T00:00:01.000Z' }), now)).toBe(true);
    expect(canRefund(makeOrder({ status: 'paid', refundableUntil: '2026-01-10T00:00:00.000Z' }), now)).toBe(false);
    expect(canRefund(makeOrder({ status: 'refunded', refundableUntil: '2026-01-11T00:00:00.000Z' }), now)).toBe(false);
  });

  it("shows the rule beside Refund, and a refusal (more than 30% completed) in the member's words instead of a refund", async () => {
    const paid = makeOrder({ id: 'o1', status: 'paid', paidAt: new Date().toISOString(), refund: eligibility() });
    let refused = false;
    const calls = installFetch((call) =>
      call.path === '/api/orders'
        ? {
            body: [
              refused
                ? {
                    ...paid,
                    refund: eligibility({ eligible: false, reason: 'COURSE_CONSUMED', consumedCourseIds: ['c1'] }),
                  }
                : paid,
            ],
          }
        : call.path === '/api/orders/o1/refund'
          ? ((refused = true),
            {
              status: 409,
              body: {
                error: 'Conflict',
                message:
                  'You have completed or opened more than 30% of the lessons of a course in this order, so it can no longer be refunded',
                code: 'COURSE_CONSUMED',
              },
            })
          : undefined,
    );
    const user = userEvent.setup();
    renderOrders();
    const list = await screen.findByRole('list', { name: 'My orders' });
    expect(
      within(list).getByText(
        'Refunds are possible within 7 days of payment while you have completed or watched at most 30% of the lessons.',
      ),
    ).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Refund' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Refund' }));

    const said =
      'You have completed or watched more than 30% of the lessons of a course in this order, so it can no longer be refunded.';
    expect(await within(list).findByRole('alert')).toHaveTextContent(said);
    expect(within(list).queryByRole('button', { name: 'Refund' })).toBeNull();
    // The toast says it too, and the orders are read again (they show the same verdict from now on).
    expect(screen.getAllByText(said).length).toBeGreaterThanOrEqual(2);
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/orders').length).toBeGreaterThanOrEqual(2));
  });

  it("a refusal of an order sent without its rule shows the server's message rather than a made-up share", async () => {
    const paid = makeOrder({
      id: 'o1',
      status: 'paid',
      paidAt: new Date().toISOString(),
      refundableUntil: new Date(Date.now() + DAY).toISOString(),
    });
    const message =
      'You have completed or opened more than 25% of the lessons of a course in this order, so it can no longer be refunded';
    installFetch((call) =>
      call.path === '/api/orders'
        ? { body: [paid] }
        : call.path === '/api/orders/o1/refund'
          ? { status: 409, body: { error: 'Conflict', message, code: 'COURSE_CONSUMED' } }
          : undefined,
    );
    const user = userEvent.setup();
    renderOrders();
    const list = await screen.findByRole('list', { name: 'My orders' });
    await user.click(within(list).getByRole('button', { name: 'Refund' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Refund' }));
    expect(await within(list).findByRole('alert')).toHaveTextContent(message);
    expect(within(list).queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('an order kept for progress says why where Refund would be, in English and Arabic', async () => {
    const kept = makeOrder({
      id: 'o1',
      status: 'paid',
      paidAt: new Date().toISOString(),
      refundableUntil: new Date(Date.now() + 86_400_000).toISOString(),
      refund: eligibility({ eligible: false, reason: 'COURSE_CONSUMED', maxProgress: 0.3, consumedCourseIds: ['c1'] }),
    });
    const pending = makeOrder({ id: 'o2', status: 'pending' });
    installFetch((call) => (call.path === '/api/orders' ? { body: [kept, pending] } : undefined));
    const { unmount } = renderOrders();
    const list = await screen.findByRole('list', { name: 'My orders' });
    expect(within(list).queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(within(list).getByRole('alert')).toHaveTextContent(
      'You have completed or watched more than 30% of the lessons of a course in this order, so it can no longer be refunded.',
    );
    // A pending order links to paying it.
    expect(within(list).getByRole('link', { name: 'Continue paying' })).toHaveAttribute('href', '/checkout?orderId=o2');
    unmount();

    await act(() => i18n.changeLanguage('ar'));
    try {
      renderOrders();
      const alert = await screen.findByRole('alert');
      const percent = new Intl.NumberFormat('ar').format(30);
      expect(alert).toHaveTextContent(
        arLearning.orders.refundRefused.COURSE_CONSUMED!.replace('{{percent, number}}', percent),
      );
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('canRefund follows the server verdict when it sends one, and the clock within it', () => {
    const now = Date.parse('2026-01-10T00:00:00.000Z');
    const paid = { status: 'paid' as const, refundableUntil: '2026-01-11T00:00:00.000Z' };
    expect(canRefund(makeOrder({ ...paid, refund: eligibility({ until: '2026-01-11T00:00:00.000Z' }) }), now)).toBe(
      true,
    );
    expect(
      canRefund(makeOrder({ ...paid, refund: eligibility({ eligible: false, reason: 'COURSE_CONSUMED' }) }), now),
    ).toBe(false);
    expect(canRefund(makeOrder({ ...paid, refund: eligibility({ until: '2026-01-09T23:59:59.000Z' }) }), now)).toBe(
      false,
    );
  });
});
