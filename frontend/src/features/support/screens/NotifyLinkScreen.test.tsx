import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';

import { resetCsrfCache } from '@/app/csrf';
import { i18n } from '@/i18n';
import { type Call, installFetch } from '@/testing/installFetch';
import type { FakeRoute } from '@/testing/render';
import { renderScreens } from '@/testing/screens';

import NotifyLinkScreen from './NotifyLinkScreen';

const TOKEN = `${'a'.repeat(64)}.${'B'.repeat(43)}`;
const LINK_INVALID = {
  status: 404,
  body: { error: 'Not Found', code: 'LINK_INVALID', message: 'This link is not valid or has expired.' },
};

/** The page as a mail's link opens it, for a guest (no session), with the server's answers to the button. */
function openLink(path: string, answer: (call: Call) => FakeRoute | Promise<FakeRoute> | undefined = () => undefined) {
  resetCsrfCache();
  const calls = installFetch(answer, null);
  renderScreens(<Route path="/support/notify/:action" element={<NotifyLinkScreen />} />, path);
  return calls;
}

/** The CSRF header each POST went out with (the fake fetch's recorded init). */
const csrfHeaders = () =>
  (globalThis.fetch as jest.Mock).mock.calls
    .filter(([, init]: [string, RequestInit | undefined]) => init?.method === 'POST')
    .map(([, init]: [string, RequestInit]) => (init.headers as Record<string, string>)['X-CSRF-Token']);

const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

describe('/support/notify/:action (the notify-me mails\u2019 pages)', () => {
  it('confirms only when the button is pressed, with the CSRF token fetched for a guest', async () => {
    const calls = openLink(`/support/notify/confirm?token=${TOKEN}`, (call) =>
      call.method === 'POST' && call.path === '/api/notify/donations-open/confirm'
        ? { body: { message: 'confirmed' } }
        : undefined,
    );
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Confirm my email' });
    expect(screen.getByRole('heading', { name: 'Confirm your email' })).toBeInTheDocument();
    // Opening the page (what a mail scanner does) sent nothing that acts.
    expect(writes(calls)).toEqual([]);

    await user.click(button);
    expect(
      await screen.findByText("Your email is confirmed: we'll email you as soon as donations open."),
    ).toHaveAttribute('role', 'status');
    expect(writes(calls)).toEqual([
      expect.objectContaining({ path: '/api/notify/donations-open/confirm', body: { token: TOKEN } }),
    ]);
    expect(calls.some((c) => c.path === '/api/auth/csrf')).toBe(true);
    expect(csrfHeaders()).toEqual(['tok']);
    expect(screen.queryByRole('button', { name: 'Confirm my email' })).toBeNull();
  });

  it('unsubscribes on its button only', async () => {
    const calls = openLink(`/support/notify/unsubscribe?token=${TOKEN}`, (call) =>
      call.method === 'POST' && call.path === '/api/notify/donations-open/unsubscribe'
        ? { body: { message: 'left' } }
        : undefined,
    );
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Unsubscribe me' });
    expect(writes(calls)).toEqual([]);
    await user.click(button);
    expect(await screen.findByText("You're off the list: we won't email you about donations.")).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      expect.objectContaining({ path: '/api/notify/donations-open/unsubscribe', body: { token: TOKEN } }),
    ]);
  });

  it('says the link is not valid when the server knows no such link', async () => {
    openLink(`/support/notify/confirm?token=${TOKEN}`, (call) => (call.method === 'POST' ? LINK_INVALID : undefined));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Confirm my email' }));
    expect(
      await screen.findByText('This link is not valid or has expired. Ask to be notified again to get a new one.'),
    ).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('button', { name: 'Confirm my email' })).toBeNull();
  });

  it('keeps the button after a failure that is not the link\u2019s, so the reader can try again', async () => {
    let failures = 1;
    const calls = openLink(`/support/notify/unsubscribe?token=${TOKEN}`, (call) => {
      if (call.method !== 'POST') return undefined;
      if (failures-- > 0)
        return { status: 503, body: { error: 'Service Unavailable', code: 'UNAVAILABLE', message: '' } };
      return { body: { message: 'left' } };
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe me' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Service Unavailable');
    await user.click(screen.getByRole('button', { name: 'Unsubscribe me' }));
    expect(await screen.findByText("You're off the list: we won't email you about donations.")).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(2);
  });

  it('offers no button without a token', async () => {
    const calls = openLink('/support/notify/confirm');
    expect(
      await screen.findByText('This link is not valid or has expired. Ask to be notified again to get a new one.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    expect(writes(calls)).toEqual([]);
  });

  it('sends an unknown action to /support, acting on nothing', async () => {
    const calls = openLink(`/support/notify/delete?token=${TOKEN}`);
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/support$/);
    expect(writes(calls)).toEqual([]);
  });

  it('speaks Arabic', async () => {
    await act(() => i18n.changeLanguage('ar'));
    try {
      openLink(`/support/notify/unsubscribe?token=${TOKEN}`);
      expect(await screen.findByRole('button', { name: 'إلغاء اشتراكي' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'إلغاء الاشتراك' })).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
