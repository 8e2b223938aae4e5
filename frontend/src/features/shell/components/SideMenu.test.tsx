import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';

import { GUEST_ROUTES, MEMBER_ROUTES, mockFetch } from '@/testing/render';
import { renderScreens } from '@/testing/screens';

import { SideMenu } from './SideMenu';

describe('the side menu’s Find Users', () => {
  it.each([
    ['a member', { ...MEMBER_ROUTES, 'GET /api/profile/amina': { body: {} } }, 'Settings & Privacy'],
    ['a guest', GUEST_ROUTES, 'Sign Up'],
  ])('opens the search screen ready for a name, for %s', async (_who, routes, theirs) => {
    mockFetch(routes);
    const onClose = jest.fn();
    const user = userEvent.setup();
    renderScreens(<Route path="/home" element={<SideMenu open onClose={onClose} />} />, '/home');
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    // The menu of this visitor (a member's once the session is known).
    expect(await within(menu).findByRole('button', { name: theirs })).toBeInTheDocument();
    await user.click(await within(menu).findByRole('button', { name: 'Find Users' }));
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByTestId('where')).toHaveTextContent('/search?find=people');
  });
});
