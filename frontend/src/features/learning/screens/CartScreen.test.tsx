import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { installFetch } from '@/testing/installFetch';

import { makeCart, makeCourse } from '../testing/fixtures';
import { renderLearning } from '../testing/renderLearning';

const fiqh = makeCourse();
const seerah = makeCourse({ id: 'c2', title: 'The Seerah', price: '2500', badges: [] });

describe('/cart', () => {
  it('lists the items with teacher and price, the KSh total and Checkout; removing one says so', async () => {
    const calls = installFetch((call) =>
      call.path === '/api/cart'
        ? { body: makeCart([fiqh, seerah]) }
        : call.method === 'DELETE' && call.path === '/api/cart/remove/c2'
          ? { body: makeCart([fiqh]) }
          : undefined,
    );
    const user = userEvent.setup();
    renderLearning('/cart');
    const list = await screen.findByRole('list', { name: '2 courses' });
    expect(within(list).getByRole('link', { name: 'The Seerah' })).toHaveAttribute('href', '/course/c2');
    expect(within(list).getAllByText('by Ustadh Hamza')).toHaveLength(2);
    expect(screen.getByText('KSh 4,000')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');

    await user.click(screen.getByRole('button', { name: 'Remove The Seerah from cart' }));
    expect(await screen.findByText('Removed from cart')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'The Seerah' })).toBeNull();
    expect(screen.getByText('KSh 1,500', { selector: '.summary-total span' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/cart/remove/c2']);
  });

  it("puts the item back and says 'Failed to remove from cart' when the server refuses", async () => {
    installFetch((call) =>
      call.path === '/api/cart'
        ? { body: makeCart([fiqh]) }
        : call.method === 'DELETE'
          ? { status: 500, body: { message: 'down' } }
          : undefined,
    );
    const user = userEvent.setup();
    renderLearning('/cart');
    await user.click(await screen.findByRole('button', { name: 'Remove Foundations of Fiqh from cart' }));
    expect(await screen.findByText('Failed to remove from cart')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Foundations of Fiqh' })).toBeInTheDocument();
  });

  it('says when the cart is empty', async () => {
    installFetch((call) => (call.path === '/api/cart' ? { body: makeCart([]) } : undefined));
    renderLearning('/cart');
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse courses' })).toHaveAttribute('href', '/learning');
  });
});
