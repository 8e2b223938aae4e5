import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';

import { installFetch } from '@/testing/installFetch';
import { MEMBER } from '@/testing/render';
import { renderScreens } from '@/testing/screens';

import AccountSettingsScreen from './AccountSettingsScreen';

const render = () =>
  renderScreens(<Route path="/account-settings" element={<AccountSettingsScreen />} />, '/account-settings');

const unverified = { ...MEMBER, isEmailVerified: false, role: 'user', authProvider: 'local' };

/** The value shown beside a label in the details list. */
const field = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('/account-settings', () => {
  it('shows name, username, email, role, verification, member since and account type', async () => {
    installFetch(() => undefined, { ...MEMBER, authProvider: 'local' });
    render();
    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
    expect(field('Name')).toHaveTextContent('Amina');
    expect(field('Username')).toHaveTextContent('@amina');
    expect(field('Email')).toHaveTextContent('amina@example.com');
    expect(field('Role')).toHaveTextContent('Member');
    expect(field('Email verification')).toHaveTextContent('Verified');
    expect(within(field('Email verification')).queryByRole('button')).toBeNull();
    expect(field('Member since')).toHaveTextContent('January 1, 2026');
    expect(field('Account type')).toHaveTextContent('Local');
    // The profile's account actions are reachable here too.
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete account' })).toBeInTheDocument();
  });

  it("resends the verification email and says 'Verification Email Sent'", async () => {
    const calls = installFetch(
      (call) =>
        call.method === 'POST' && call.path === '/api/resend-verification'
          ? { body: { message: 'Verification email sent. Please check your inbox.' } }
          : undefined,
      unverified,
    );
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('Not verified')).toBeInTheDocument();
    expect(screen.getByText('Email verification is needed to post and comment.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Verification Email Sent')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/resend-verification')).toHaveLength(1);
  });

  it('says so when the resend fails', async () => {
    installFetch(
      (call) =>
        call.path === '/api/resend-verification' ? { status: 429, body: { message: 'Too many requests' } } : undefined,
      unverified,
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Failed to resend verification email. Please try again.')).toBeInTheDocument();
  });

  it('opens the delete-account confirmation', async () => {
    installFetch(() => undefined);
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    expect(screen.getByRole('dialog', { name: 'Delete your account?' })).toBeInTheDocument();
  });

  it('asks a signed-out visitor to log in', async () => {
    installFetch(() => undefined, null);
    render();
    expect(await screen.findByText('Please log in to view account settings.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByText('Email', { selector: 'dt' })).toBeNull();
  });
});
