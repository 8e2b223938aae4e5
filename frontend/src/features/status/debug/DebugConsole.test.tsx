import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { resetCsrfCache } from '@/app/csrf';
import { i18n } from '@/i18n';
import { renderWithProviders } from '@/testing/render';

import { fakeAuthServer } from '../testing/fakeAuthServer';
import { DebugConsole } from './DebugConsole';

const rowsOf = () => within(screen.getByRole('list', { name: 'Results' })).getAllByRole('listitem');

describe('DebugConsole (/auth-debug)', () => {
  beforeEach(() => resetCsrfCache());
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('runs the diagnostics on load, newest first, one coloured row per call', async () => {
    const { fetchImpl, calls } = fakeAuthServer();
    renderWithProviders(<DebugConsole fetchImpl={fetchImpl} />);
    await waitFor(() => expect(rowsOf()).toHaveLength(4));
    expect(calls).toEqual([
      'GET /api/auth/health',
      'GET /api/auth/cookies-hint',
      'GET /api/auth/headers',
      'GET /api/auth/me',
    ]);
    const rows = rowsOf();
    expect(rows[0]).toHaveTextContent('GET /api/auth/me');
    expect(rows[0]).toHaveAttribute('data-tone', 'error');
    expect(rows[0]).toHaveTextContent('401');
    expect(rows[3]).toHaveTextContent('GET /api/auth/health');
    expect(rows[3]).toHaveAttribute('data-tone', 'success');
    expect(rows[3]).toHaveTextContent('"status": "ok"');
    expect(screen.getByText('Origin')).toBeInTheDocument();
    expect(screen.getByText(navigator.userAgent)).toBeInTheDocument();
  });

  it('Test CSRF adds the token, hints and me-with-header rows', async () => {
    const { fetchImpl, calls, csrfHeaders } = fakeAuthServer();
    renderWithProviders(<DebugConsole fetchImpl={fetchImpl} />);
    await waitFor(() => expect(rowsOf()).toHaveLength(4));
    await userEvent.click(screen.getByRole('button', { name: 'Test CSRF' }));
    await waitFor(() => expect(rowsOf()).toHaveLength(7));
    expect(calls.slice(4)).toEqual(['GET /api/auth/csrf', 'GET /api/auth/cookies-hint', 'GET /api/auth/me']);
    expect(csrfHeaders[6]).toBe('tok');
    expect(rowsOf()[2]).toHaveTextContent('"csrfToken": "tok"');
  });

  it('Test Full Auth Flow refuses blank credentials with the spec message and calls nothing', async () => {
    const { fetchImpl, calls } = fakeAuthServer();
    renderWithProviders(<DebugConsole fetchImpl={fetchImpl} />);
    await waitFor(() => expect(rowsOf()).toHaveLength(4));
    await userEvent.clear(screen.getByLabelText('Test password'));
    await userEvent.click(screen.getByRole('button', { name: 'Test Full Auth Flow' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all test credentials');
    expect(calls).toHaveLength(4);
  });

  it('Test Full Auth Flow registers the generated account, shows every step, and reports success', async () => {
    const { fetchImpl, calls } = fakeAuthServer();
    const waits: number[] = [];
    renderWithProviders(
      <DebugConsole
        fetchImpl={fetchImpl}
        wait={async (ms) => {
          waits.push(ms);
        }}
      />,
    );
    await waitFor(() => expect(rowsOf()).toHaveLength(4));
    const username = (screen.getByLabelText('Test username') as HTMLInputElement).value;
    expect(username).toMatch(/^authdebug_/);
    await userEvent.click(screen.getByRole('button', { name: 'Test Full Auth Flow' }));
    await screen.findByText('Full auth flow passed: every step answered as expected.');
    const steps = rowsOf().filter((row) => row.hasAttribute('data-expected'));
    expect(steps).toHaveLength(9);
    expect(steps.every((row) => row.getAttribute('data-expected') === 'true')).toBe(true);
    expect(steps[steps.length - 1]).toHaveTextContent('Get CSRF token');
    expect(steps[0]).toHaveTextContent('Logout (clean up)');
    expect(calls).toContain('POST /api/auth/register');
    expect(waits).toEqual([2000]);
    // The account is used up: the next run gets fresh values.
    expect((screen.getByLabelText('Test username') as HTMLInputElement).value).not.toBe(username);
  });

  it('names the failed step when the flow stops', async () => {
    const { fetchImpl } = fakeAuthServer({ 'POST /api/auth/login': { status: 429, body: { message: 'Too many' } } });
    renderWithProviders(<DebugConsole fetchImpl={fetchImpl} wait={async () => {}} />);
    await waitFor(() => expect(rowsOf()).toHaveLength(4));
    await userEvent.click(screen.getByRole('button', { name: 'Test Full Auth Flow' }));
    await screen.findByText('Full auth flow stopped: “Login” did not answer as expected.');
    expect(rowsOf()[0]).toHaveAttribute('data-expected', 'false');
    expect(rowsOf()[0]).toHaveTextContent('Too many');
  });

  it('Copy Production Test copies the script and records a note row', async () => {
    const { fetchImpl } = fakeAuthServer();
    const written: string[] = [];
    renderWithProviders(
      <DebugConsole
        fetchImpl={fetchImpl}
        copy={{
          writeText: async (text) => {
            written.push(text);
          },
        }}
      />,
    );
    await waitFor(() => expect(rowsOf()).toHaveLength(4));
    await userEvent.click(screen.getByRole('button', { name: 'Copy Production Test' }));
    await screen.findByText('Production test copied to the clipboard.', { selector: '[role="status"]' });
    expect(written).toHaveLength(1);
    expect(written[0]).toContain(window.location.origin);
    expect(rowsOf()[0]).toHaveAttribute('data-tone', 'info');
  });

  it('speaks Arabic', async () => {
    const { fetchImpl } = fakeAuthServer();
    await act(() => i18n.changeLanguage('ar'));
    renderWithProviders(<DebugConsole fetchImpl={fetchImpl} />);
    expect(screen.getByRole('button', { name: 'اختبار مسار تسجيل الدخول الكامل' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'نسخ اختبار الإنتاج' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('list', { name: 'النتائج' })).toBeInTheDocument());
  });
});
