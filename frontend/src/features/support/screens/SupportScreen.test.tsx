import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { i18n } from '@/i18n';
import { MEMBER } from '@/testing/render';

import { entry, ledgerPage, OPEN, PAUSED, serveSupport } from '../testing/fixtures';
import { renderSupport } from '../testing/renderSupport';

const counter = () => screen.getByTestId('total-counter');

describe('/support', () => {
  afterEach(() => {
    delete (window as { matchMedia?: unknown }).matchMedia;
  });

  it('shows the orphans, the auditors and the public ledger, paged by nextCursor, with anonymous donors unnamed', async () => {
    const calls = serveSupport({
      ledger: [
        ledgerPage({
          entries: [entry(), entry({ id: 'l2', donor: 'Anonymous', orphanId: null, amount: '5000' })],
          nextCursor: '1',
        }),
        ledgerPage({ entries: [entry({ id: 'l3', kind: 'disbursement', donor: 'ORP-KE-0042', amount: '2500' })] }),
      ],
    });
    const user = userEvent.setup();
    await renderSupport();

    const orphan = await screen.findByRole('listitem', { name: 'ORP-KE-0042' });
    expect(within(orphan).getByText('Mombasa')).toBeInTheDocument();
    expect(within(orphan).getByText('Active')).toBeInTheDocument();
    expect(within(orphan).getByText(/^KSh.12,500 raised of KSh.60,000$/)).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'ORP-KE-0107' })).toHaveTextContent('Sponsored');

    const audited = screen.getByRole('region', { name: 'Audited By' });
    expect(within(audited).getByText('AA')).toBeInTheDocument(); // no logo: initials
    expect(within(audited).getByText('Last audit: Mar 31, 2026')).toBeInTheDocument();
    expect(within(audited).getByText('ISO certified')).toBeInTheDocument();
    expect(within(audited).getByText('Government approved')).toBeInTheDocument();
    expect(audited.querySelector('img')).toHaveAttribute('src', '/logos/kcb.png');
    expect(screen.getByRole('heading', { name: 'How it works' })).toBeInTheDocument();

    const ledger = screen.getByRole('list', { name: 'Public ledger' });
    expect(within(ledger).getByText('Yusuf Ali')).toBeInTheDocument();
    expect(within(ledger).getByText('Anonymous')).toBeInTheDocument();
    expect(within(ledger).getByText(/^\+KSh.5,000$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await within(ledger).findByText(/^−KSh.2,500$/)).toBeInTheDocument();
    expect(within(ledger).getByText(/Disbursement/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    const ledgerCalls = calls.filter((c) => c.path === '/api/donations/ledger').map((c) => c.url);
    expect(ledgerCalls.some((url) => url.includes('cursor=1'))).toBe(true);
  });

  it('counts the total collected up over about two seconds', async () => {
    serveSupport();
    await renderSupport();
    await waitFor(() => expect(counter().textContent).not.toBe('–'));
    const started = performance.now();
    expect(counter().textContent).not.toMatch(/75,000/);
    await waitFor(() => expect(counter()).toHaveTextContent(/^KSh.75,000$/), { timeout: 4000 });
    // Frames can only come later on a busy machine, never sooner: the animation lasts its two seconds.
    expect(performance.now() - started).toBeGreaterThan(1500);
    expect(screen.getByText(/^Balance after disbursements: KSh.72,500$/)).toBeInTheDocument();
  });

  it('shows the total at once to members who ask for reduced motion', async () => {
    window.matchMedia = ((query: string) => ({ matches: query.includes('reduce') })) as typeof window.matchMedia;
    serveSupport();
    await renderSupport();
    await waitFor(() => expect(counter()).toHaveTextContent(/^KSh.75,000$/));
  });

  it('speaks Arabic, right to left: the notify-me checks in Arabic', async () => {
    await act(() => i18n.changeLanguage('ar'));
    try {
      serveSupport({ status: PAUSED, user: null });
      const user = userEvent.setup();
      await renderSupport();
      expect(document.documentElement).toHaveAttribute('dir', 'rtl');
      expect(screen.getByRole('heading', { level: 1, name: 'كفالة يتيم' })).toBeInTheDocument();
      expect(await screen.findByRole('listitem', { name: 'ORP-KE-0042' })).toHaveTextContent('نشط');
      await user.click(screen.getByRole('button', { name: 'التبرع الآن' }));
      const dialog = screen.getByRole('dialog', { name: 'التنبيه عند فتح التبرعات' });
      await user.click(within(dialog).getByRole('button', { name: 'تفعيل التنبيه' }));
      expect(within(dialog).getByText('يرجى إدخال بريدك الإلكتروني')).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  describe('paused', () => {
    it('a guest must give a valid email address to be notified; success says so and closes', async () => {
      const calls = serveSupport({ status: PAUSED, user: null }, (call) =>
        call.path === '/api/notify/donations-open' ? { body: { subscribed: true, message: 'ok' } } : undefined,
      );
      const user = userEvent.setup();
      await renderSupport();
      expect(await screen.findByRole('note')).toHaveTextContent('Donations are paused');
      await user.click(screen.getByRole('button', { name: 'Donate Now' }));
      const dialog = screen.getByRole('dialog', { name: 'Get notified when donations open' });
      expect(within(dialog).getByText(/M-Pesa or Card/)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Notify Me' }));
      expect(within(dialog).getByText('Please enter your email address')).toBeInTheDocument();
      const email = within(dialog).getByRole('textbox', { name: 'Email address' });
      await user.type(email, 'amina@example');
      await user.click(within(dialog).getByRole('button', { name: 'Notify Me' }));
      expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
      expect(email).toHaveAttribute('aria-invalid', 'true');
      expect(calls.filter((c) => c.path === '/api/notify/donations-open')).toEqual([]);

      await user.type(email, '.com');
      await user.click(within(dialog).getByRole('button', { name: 'Notify Me' }));
      expect(await screen.findByText("We'll email you as soon as donations open.")).toBeInTheDocument();
      expect(calls.find((c) => c.path === '/api/notify/donations-open')?.body).toEqual({
        email: 'amina@example.com',
      });
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(calls.some((c) => c.path === '/api/donate')).toBe(false);
    });

    it("a member sends no email; a failure says 'Error' with the server's message, or the default one", async () => {
      let answer = { status: 503, body: { error: 'Unavailable', message: 'Mail is down, try later', code: 'x' } };
      const calls = serveSupport({ status: PAUSED }, (call) =>
        call.path === '/api/notify/donations-open' ? answer : undefined,
      );
      const user = userEvent.setup();
      await renderSupport();
      await user.click(await screen.findByRole('button', { name: 'Donate Now' }));
      const dialog = screen.getByRole('dialog', { name: 'Get notified when donations open' });
      expect(within(dialog).queryByRole('textbox')).toBeNull();
      expect(within(dialog).getByText("We'll email the address on your account.")).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Notify Me' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Error');
      expect(alert).toHaveTextContent('Mail is down, try later');
      expect(calls.find((c) => c.path === '/api/notify/donations-open')?.body).toEqual({});
      expect(screen.getByRole('dialog')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Dismiss' }));
      answer = { status: 400, body: {} as never };
      await user.click(within(dialog).getByRole('button', { name: 'Notify Me' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to sign up for notifications');
    });
  });

  describe('open', () => {
    it('a guest is asked to sign in before donating', async () => {
      serveSupport({ status: OPEN, user: null });
      const user = userEvent.setup();
      await renderSupport();
      await screen.findByRole('listitem', { name: 'ORP-KE-0042' });
      await user.click(screen.getByRole('button', { name: 'Donate Now' }));
      const dialog = screen.getByRole('dialog', { name: 'Donate Now' });
      expect(within(dialog).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
      expect(within(dialog).queryByRole('radio')).toBeNull();
    });

    it('a custom amount overrides the preset and must be above 0 and within the ceiling; a sandbox card donation waits, then succeeds', async () => {
      let reads = 0;
      const calls = serveSupport({ status: OPEN }, (call) =>
        call.method === 'POST' && call.path === '/api/donate'
          ? {
              status: 201,
              body: {
                donationId: 'd1',
                status: 'pending',
                amount: '2500',
                provider: 'sandbox',
                clientAction: { kind: 'sandbox', completesInMs: 3000 },
              },
            }
          : call.path === '/api/donations/d1'
            ? {
                body: {
                  id: 'd1',
                  amount: '2500',
                  currency: 'KES',
                  status: (reads += 1) < 2 ? 'pending' : 'paid',
                  method: 'card',
                  orphanId: 'o2',
                  isAnonymous: true,
                  createdAt: '2026-04-01T09:30:00.000Z',
                  paidAt: null,
                  failureReason: null,
                },
              }
            : undefined,
      );
      const user = userEvent.setup();
      await renderSupport();
      await screen.findByRole('listitem', { name: 'ORP-KE-0042' });
      await user.click(screen.getByRole('button', { name: 'Donate Now' }));
      const dialog = screen.getByRole('dialog', { name: 'Donate Now' });
      expect(await within(dialog).findByRole('radio', { name: /KSh.1,000/ })).toBeChecked();
      expect(
        within(dialog)
          .getAllByRole('radio', { name: /KSh/ })
          .map((r) => r.parentElement?.textContent),
      ).toEqual(['KSh\u00a0500', 'KSh\u00a01,000', 'KSh\u00a05,000']);
      expect(within(dialog).getByRole('button', { name: /^Donate KSh.1,000$/ })).toBeInTheDocument();

      await user.click(within(dialog).getByRole('radio', { name: /KSh.5,000/ }));
      const custom = within(dialog).getByRole('textbox', { name: 'Custom amount (KSh)' });
      await user.type(custom, '0');
      await user.click(within(dialog).getByRole('radio', { name: 'Card' }));
      await user.type(within(dialog).getByRole('textbox', { name: 'Card number' }), '4242 4242 4242 4242');
      await user.click(within(dialog).getByRole('button', { name: /^Donate/ }));
      expect(within(dialog).getByText('The amount must be above 0')).toBeInTheDocument();
      await user.clear(custom);
      await user.type(custom, '100001');
      await user.click(within(dialog).getByRole('button', { name: /^Donate/ }));
      expect(within(dialog).getByText(/^The amount can be at most KSh.100,000$/)).toBeInTheDocument();
      expect(calls.filter((c) => c.path === '/api/donate')).toEqual([]);

      await user.clear(custom);
      await user.type(custom, '2500');
      // The custom amount overrides the preset: no preset is shown chosen any more.
      expect(within(dialog).getByRole('radio', { name: /KSh.5,000/ })).not.toBeChecked();
      await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Give to' }), 'o2');
      await user.click(within(dialog).getByRole('checkbox', { name: 'Donate anonymously' }));
      await user.click(within(dialog).getByRole('button', { name: /^Donate KSh.2,500$/ }));

      expect(await within(dialog).findByText('Confirming your card payment…')).toBeInTheDocument();
      expect(calls.find((c) => c.path === '/api/donate')?.body).toEqual({
        amount: 2500,
        isAnonymous: true,
        method: 'card',
        cardNumber: '4242424242424242',
        orphanId: 'o2',
      });
      const ledgerReads = calls.filter((c) => c.path === '/api/donations/ledger').length;
      expect(await screen.findByText('Donation Successful', {}, { timeout: 5000 })).toBeInTheDocument();
      expect(screen.getByText(/^Thank you. KSh.2,500 has reached the fund.$/)).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).toBeNull();
      // Paid: the total, the ledger and the orphans are read again.
      await waitFor(() =>
        expect(calls.filter((c) => c.path === '/api/donations/ledger').length).toBeGreaterThan(ledgerReads),
      );
    });

    it("M-Pesa: the phone is checked and the STK message shown; a refused start or a failed payment says 'Donation Failed'", async () => {
      let reads = 0;
      let start: { status: number; body: unknown } = {
        status: 409,
        body: { error: 'Conflict', message: 'Donations are paused', code: 'DONATIONS_PAUSED' },
      };
      const calls = serveSupport({ status: OPEN }, (call) =>
        call.method === 'POST' && call.path === '/api/donate'
          ? start
          : call.path === '/api/donations/d2'
            ? { body: { ...donationFailed, status: (reads += 1) < 2 ? 'pending' : 'failed' } }
            : undefined,
      );
      const donationFailed = {
        id: 'd2',
        amount: '1000',
        currency: 'KES',
        status: 'failed',
        method: 'mpesa',
        orphanId: null,
        isAnonymous: false,
        createdAt: '2026-04-01T09:30:00.000Z',
        paidAt: null,
        failureReason: null,
      };
      const user = userEvent.setup();
      await renderSupport();
      await screen.findByRole('listitem', { name: 'ORP-KE-0042' });
      await user.click(screen.getByRole('button', { name: 'Donate Now' }));
      const dialog = screen.getByRole('dialog', { name: 'Donate Now' });
      const phone = await within(dialog).findByRole('textbox', { name: 'M-Pesa phone number' });
      await user.type(phone, '0812 345 678');
      await user.click(within(dialog).getByRole('button', { name: /^Donate KSh.1,000$/ }));
      expect(phone).toHaveAttribute('aria-invalid', 'true');
      expect(calls.filter((c) => c.path === '/api/donate')).toEqual([]);

      await user.clear(phone);
      await user.type(phone, '0712 345 678');
      await user.click(within(dialog).getByRole('button', { name: /^Donate KSh.1,000$/ }));
      const refused = await screen.findByRole('alert');
      expect(refused).toHaveTextContent('Donation Failed');
      expect(refused).toHaveTextContent('Donations are paused');
      expect(calls.find((c) => c.path === '/api/donate')?.body).toEqual({
        amount: 1000,
        isAnonymous: false,
        method: 'mpesa',
        phone: '254712345678',
      });
      await user.click(screen.getByRole('button', { name: 'Dismiss' }));

      start = {
        status: 201,
        body: {
          donationId: 'd2',
          status: 'pending',
          amount: '1000',
          provider: 'sandbox',
          clientAction: {
            kind: 'mpesa_stk',
            checkoutRequestId: 'ws1',
            merchantRequestId: 'm1',
            message: 'Check your phone and enter your M-Pesa PIN to pay',
          },
        },
      };
      await user.click(within(dialog).getByRole('button', { name: /^Donate KSh.1,000$/ }));
      expect(await within(dialog).findByText('Check your phone and enter your M-Pesa PIN to pay')).toBeInTheDocument();
      const failed = await screen.findByRole('alert', {}, { timeout: 5000 });
      expect(failed).toHaveTextContent('Donation Failed');
      expect(failed).toHaveTextContent('Please try again later.');
      // Back to the form to try again.
      expect(within(dialog).getByRole('button', { name: /^Donate KSh.1,000$/ })).toBeInTheDocument();
    });
  });

  it('admins switch donations open, add an orphan and record a disbursement; members see no admin panel', async () => {
    let status = PAUSED;
    const calls = serveSupport({ status, user: { ...MEMBER, role: 'admin' } }, (call) => {
      if (call.method === 'PUT' && call.path === '/api/admin/donations') {
        status = { ...status, paused: (call.body as { paused: boolean }).paused };
        return { body: status };
      }
      if (call.path === '/api/donations/status') return { body: status };
      if (call.method === 'POST' && call.path === '/api/admin/orphans')
        return { status: 201, body: { id: 'o3', ...(call.body as object), raised: '0' } };
      if (call.method === 'POST' && call.path === '/api/admin/disbursements')
        return { status: 201, body: { id: 'x1' } };
      return undefined;
    });
    const user = userEvent.setup();
    const { unmount } = await renderSupport();
    const panel = await screen.findByRole('region', { name: 'Admin' });
    await user.click(within(panel).getByRole('button', { name: 'Open donations' }));
    expect(await screen.findByText('Donations are open. Subscribers are being emailed.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ paused: false });
    await within(panel).findByRole('button', { name: 'Pause donations' });
    expect(screen.queryByRole('note')).toBeNull();

    await user.click(within(panel).getByText('Add an orphan'));
    const add = within(panel).getByRole('form', { name: 'Add an orphan' });
    await user.click(within(add).getByRole('button', { name: 'Add orphan' }));
    expect(within(add).getByText('Fill in every field.')).toBeInTheDocument();
    await user.type(within(add).getByRole('textbox', { name: 'Unique id (shown as ORP-KE-…)' }), '0200');
    await user.type(within(add).getByRole('textbox', { name: 'Location' }), 'Lamu');
    await user.type(within(add).getByRole('textbox', { name: 'Goal (KSh)' }), '40000');
    await user.type(within(add).getByRole('textbox', { name: 'Story' }), 'Lost both parents in 2024.');
    await user.click(within(add).getByRole('button', { name: 'Add orphan' }));
    expect(await screen.findByText('ORP-KE-0200 added.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/admin/orphans')?.body).toEqual({
      uniqueId: '0200',
      location: 'Lamu',
      status: 'Active',
      goal: '40000',
      story: 'Lost both parents in 2024.',
    });

    await user.click(within(panel).getByText('Record a disbursement'));
    const pay = within(panel).getByRole('form', { name: 'Record a disbursement' });
    await user.type(within(pay).getByRole('textbox', { name: 'Amount (KSh)' }), '2500');
    await user.selectOptions(within(pay).getByRole('combobox', { name: 'Recipient' }), 'o1');
    await user.type(within(pay).getByRole('textbox', { name: 'Note' }), 'School fees, term 2');
    await user.click(within(pay).getByRole('button', { name: 'Record disbursement' }));
    expect(await screen.findByText('Disbursement recorded.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/admin/disbursements')?.body).toEqual({
      amount: '2500',
      orphanId: 'o1',
      note: 'School fees, term 2',
    });
    unmount();

    serveSupport();
    await renderSupport();
    await screen.findByRole('listitem', { name: 'ORP-KE-0042' });
    expect(screen.queryByRole('region', { name: 'Admin' })).toBeNull();
  });
});
