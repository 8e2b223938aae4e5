import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { GUEST_ROUTES, mockFetch, renderWithProviders } from '@/testing/render';

import { LoginForm } from './LoginForm';

describe('LoginForm', () => {
  it('requires both fields', async () => {
    mockFetch(GUEST_ROUTES);
    const user = userEvent.setup();
    renderWithProviders(<LoginForm onSuccess={jest.fn()} onForgotPassword={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Username or email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('sends emailOrUsername, password and rememberMe', async () => {
    const fetch = mockFetch({ ...GUEST_ROUTES, 'POST /api/auth/login': { body: { user: { id: 'u1' } } } });
    const onSuccess = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(<LoginForm onSuccess={onSuccess} onForgotPassword={jest.fn()} />);
    await user.type(screen.getByLabelText('Username or email'), 'amina');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    const call = fetch.mock.calls.find(([url]) => url === '/api/auth/login');
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({
      emailOrUsername: 'amina',
      password: 'secret',
      rememberMe: true,
    });
  });

  it("shows the server's message, else 'Login failed'", async () => {
    mockFetch({ ...GUEST_ROUTES, 'POST /api/auth/login': { status: 401, body: { message: 'Invalid credentials' } } });
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<LoginForm onSuccess={jest.fn()} onForgotPassword={jest.fn()} />);
    await user.type(screen.getByLabelText('Username or email'), 'amina');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    unmount();

    mockFetch({ ...GUEST_ROUTES, 'POST /api/auth/login': { status: 500, body: '' } });
    renderWithProviders(<LoginForm onSuccess={jest.fn()} onForgotPassword={jest.fn()} />);
    await user.type(screen.getByLabelText('Username or email'), 'amina');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed$/);
  });
});
