import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { installFetch } from '@/testing/installFetch';

import { NOT_VENDOR } from '../testing/fixtures';
import { renderLearning } from '../testing/renderLearning';
import type { VendorStatus } from '../types';

const PENDING: VendorStatus = {
  isVendor: false,
  status: 'pending',
  application: {
    bio: 'x',
    topics: [],
    priceRange: '$0 - $25',
    submittedAt: '2026-01-01T00:00:00.000Z',
    rejectionReason: null,
  },
};

function serve(register: () => { status: number; body: unknown }) {
  let status = NOT_VENDOR;
  return installFetch((call) => {
    if (call.path === '/api/vendor/status') return { body: status };
    if (call.method === 'POST' && call.path === '/api/vendor/register') {
      const answer = register();
      if (answer.status === 201) status = PENDING;
      return answer;
    }
    if (call.path === '/api/courses') return { body: { courses: [], nextCursor: null } };
    return undefined;
  });
}

describe('Become a Teacher', () => {
  it('needs a bio, sends the chosen topics and price range, then says so and shows the application under review', async () => {
    const calls = serve(() => ({ status: 201, body: PENDING }));
    const user = userEvent.setup();
    const { store } = renderLearning('/learning');
    await waitFor(() => expect(store.getState().api.queries['getMe(undefined)']?.status).toBe('fulfilled'));
    await user.click(await screen.findByRole('button', { name: 'Become a Teacher' }));
    const dialog = screen.getByRole('dialog', { name: 'Become a Teacher' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
    expect(within(dialog).getByText('Bio is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/vendor/register')).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Bio' }), 'Hafiz, ijazah in Hafs');
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(10);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Tafsir' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Quran' }));
    await user.click(within(dialog).getByRole('radio', { name: '$50 - $100' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit Application' }));

    expect(await screen.findByText('Application Submitted!')).toBeInTheDocument();
    expect(screen.getByText("Your teacher application is under review. We'll contact you soon!")).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/vendor/register')?.body).toEqual({
      bio: 'Hafiz, ijazah in Hafs',
      topics: ['Quran', 'Tafsir'],
      priceRange: '$50 - $100',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('Application under review')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Become a Teacher' })).toBeNull();
  });

  it("keeps the form open and says 'Submission Failed' with the server's message", async () => {
    serve(() => ({ status: 409, body: { message: 'Your teacher application is under review' } }));
    const user = userEvent.setup();
    const { store } = renderLearning('/learning');
    await waitFor(() => expect(store.getState().api.queries['getMe(undefined)']?.status).toBe('fulfilled'));
    await user.click(await screen.findByRole('button', { name: 'Become a Teacher' }));
    const dialog = screen.getByRole('dialog', { name: 'Become a Teacher' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Bio' }), 'Teacher');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Submission Failed')).toBeInTheDocument();
    expect(screen.getByText('Your teacher application is under review')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Become a Teacher' })).toBeInTheDocument();
  });

  it('is hidden for a teacher', async () => {
    installFetch((call) =>
      call.path === '/api/vendor/status'
        ? { body: { isVendor: true, status: 'approved', application: null } }
        : call.path === '/api/courses'
          ? { body: { courses: [], nextCursor: null } }
          : undefined,
    );
    renderLearning('/learning');
    expect(await screen.findByRole('link', { name: 'Teach' })).toHaveAttribute('href', '/teach');
    expect(screen.queryByRole('button', { name: 'Become a Teacher' })).toBeNull();
  });
});
