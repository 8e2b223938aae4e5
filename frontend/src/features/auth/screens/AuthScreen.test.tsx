import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { GUEST_ROUTES, mockFetch, renderWithProviders } from '@/testing/render';

import AuthScreen from './AuthScreen';

describe('AuthScreen tabs', () => {
  it('Sign In / Sign Up are ARIA tabs: the tabpanel follows the selected tab; arrows, Home and End move focus with it', async () => {
    mockFetch(GUEST_ROUTES);
    const user = userEvent.setup();
    renderWithProviders(<AuthScreen />, { route: '/auth' });
    const list = await screen.findByRole('tablist', { name: 'Sign in or sign up' });
    const signIn = screen.getByRole('tab', { name: 'Sign In' });
    const signUp = screen.getByRole('tab', { name: 'Sign Up' });
    expect(list).toHaveClass('tabs');
    expect(signIn).toHaveAttribute('id', 'auth-tab-signin');
    expect(signIn).toHaveAttribute('aria-controls', 'auth-panel-signin');
    expect(signUp).toHaveAttribute('aria-controls', 'auth-panel-signup');
    expect(signIn).toHaveAttribute('aria-selected', 'true');
    expect(signUp).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('id', 'auth-panel-signin');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Sign In');

    await user.click(signIn);
    await user.keyboard('{ArrowRight}');
    expect(signUp).toHaveFocus();
    expect(signUp).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('id', 'auth-panel-signup');
    await user.keyboard('{Home}');
    expect(signIn).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveAttribute('id', 'auth-panel-signin');
    await user.keyboard('{End}');
    expect(signUp).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(signIn).toHaveFocus();
    expect(signIn).toHaveAttribute('aria-selected', 'true');
  });
});
