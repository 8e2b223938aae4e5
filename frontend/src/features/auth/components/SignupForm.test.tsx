import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { GUEST_ROUTES, mockFetch, renderWithProviders } from '@/testing/render';

import { SignupForm } from './SignupForm';

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Full name'), 'Amina Yusuf');
  await user.type(screen.getByLabelText('Username'), 'amina');
  await user.type(screen.getByLabelText('Email'), 'amina@example.com');
  await user.type(screen.getByLabelText('Password'), 'Salaam#2026');
  await user.type(screen.getByLabelText('Confirm password'), 'Salaam#2026');
}

describe('SignupForm', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows every field message on an empty submit and sends nothing', async () => {
    const fetch = mockFetch(GUEST_ROUTES);
    const user = userEvent.setup();
    renderWithProviders(<SignupForm onSuccess={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalledWith('/api/auth/register', expect.anything());
  });

  it('sends the wire shape and reports success', async () => {
    const fetch = mockFetch({
      ...GUEST_ROUTES,
      'POST /api/auth/register': { status: 201, body: { user: { id: 'u1' } } },
    });
    const onSuccess = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(<SignupForm onSuccess={onSuccess} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('amina'));
    const call = fetch.mock.calls.find(([url]) => url === '/api/auth/register');
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({
      email: 'amina@example.com',
      username: 'amina',
      password: 'Salaam#2026',
      displayName: 'Amina Yusuf',
    });
  });

  it.each([
    [
      'EMAIL_EXISTS: This email is already registered.',
      'Email',
      'This email is already registered. Please use a different email or try logging in.',
    ],
    ['USERNAME_EXISTS: taken', 'Username', 'This username is already taken. Please choose a different username.'],
  ])('maps the server error %s to the %s field', async (message, label, text) => {
    mockFetch({
      ...GUEST_ROUTES,
      'POST /api/auth/register': { status: 409, body: { error: 'Conflict', message, code: 'CONFLICT' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<SignupForm onSuccess={jest.fn()} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const error = await screen.findByText(text);
    expect(screen.getByLabelText(label)).toHaveAttribute('aria-describedby', expect.stringContaining(error.id));
  });

  it('shows the generic message for other failures', async () => {
    mockFetch({ ...GUEST_ROUTES, 'POST /api/auth/register': { status: 500, body: { message: 'boom' } } });
    const user = userEvent.setup();
    renderWithProviders(<SignupForm onSuccess={jest.fn()} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Registration failed. Please try again.')).toBeInTheDocument();
  });
});
