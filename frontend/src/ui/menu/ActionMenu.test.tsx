import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { ActionMenu } from './ActionMenu';

const actions = (onSelect: jest.Mock) => [
  { key: 'report', label: 'Report', onSelect: () => onSelect('report') },
  { key: 'mute', label: 'Mute @yusuf', onSelect: () => onSelect('mute') },
  { key: 'block', label: 'Block @yusuf', onSelect: () => onSelect('block'), danger: true },
];

describe('ActionMenu', () => {
  it('opens on its button with the first item focused; arrows, Home and End move and wrap; Escape closes back to the button', async () => {
    const user = userEvent.setup();
    const outer = jest.fn();
    render(
      <div onKeyDown={(e) => outer(e.key)}>
        <ActionMenu buttonLabel="More options" label="Post options" actions={actions(jest.fn())} />
      </div>,
    );
    const button = screen.getByRole('button', { name: 'More options' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    const menu = screen.getByRole('menu', { name: 'Post options' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', menu.id);
    expect(within(menu).getByRole('menuitem', { name: 'Report' })).toHaveFocus();

    await user.keyboard('{ArrowUp}');
    expect(within(menu).getByRole('menuitem', { name: 'Block @yusuf' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Report' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(menu).getByRole('menuitem', { name: 'Block @yusuf' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(within(menu).getByRole('menuitem', { name: 'Report' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    // A menu inside a dialog: Escape must close the menu, not the dialog too.
    expect(outer).not.toHaveBeenCalledWith('Escape');
  });

  it('runs the chosen action after closing and refocusing the button, and closes on a click outside', async () => {
    const user = userEvent.setup();
    const chosen = jest.fn();
    render(
      <>
        <p>Elsewhere</p>
        <ActionMenu buttonLabel="More options" actions={actions(chosen)} />
      </>,
    );
    const button = screen.getByRole('button', { name: 'More options' });
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Mute @yusuf' }));
    expect(chosen).toHaveBeenCalledWith('mute');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.click(button);
    await user.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(chosen).toHaveBeenCalledTimes(1);
  });

  it('offers a choice as radio items with the current one checked', async () => {
    const user = userEvent.setup();
    render(
      <ActionMenu
        buttonLabel="Language"
        actions={[
          { key: 'en', label: 'English', lang: 'en', checked: true, onSelect: jest.fn() },
          { key: 'ar', label: 'العربية', lang: 'ar', checked: false, onSelect: jest.fn() },
        ]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Language' }));
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemradio', { name: 'العربية' })).toHaveAttribute('lang', 'ar');
    expect(screen.queryByRole('menuitem')).not.toBeInTheDocument();
  });
});
