import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';

import { i18n } from '@/i18n';
import { installFetch } from '@/testing/installFetch';
import { MEMBER, renderWithProviders } from '@/testing/render';
import { Toasts } from '@/ui/toast';

import type { VendorApplication } from '../types';
import VendorApplicationsScreen from './VendorApplicationsScreen';

const application = (userId: string, name: string): VendorApplication => ({
  userId,
  user: { id: userId, name, username: name.toLowerCase(), profileImage: null },
  bio: `${name} teaches Quran`,
  topics: ['Quran', 'Tafsir'],
  priceRange: '$25 - $50',
  status: 'pending',
  submittedAt: '2026-01-01T00:00:00.000Z',
  decidedAt: null,
  rejectionReason: null,
});

function render() {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/admin/vendors" element={<VendorApplicationsScreen />} />
      </Routes>
      <Toasts />
    </>,
    { route: '/admin/vendors' },
  );
}

describe('/admin/vendors', () => {
  it('lets a moderator approve one application and reject another with a reason', async () => {
    let pending = [application('u7', 'Yusuf'), application('u8', 'Maryam')];
    const calls = installFetch(
      (call) => {
        if (call.path === '/api/admin/vendors') return { body: pending };
        const decided = /^\/api\/admin\/vendors\/(u\d)\/(approve|reject)$/.exec(call.path);
        if (decided) {
          pending = pending.filter((a) => a.userId !== decided[1]);
          return {
            body: { ...application(decided[1]!, 'x'), status: decided[2] === 'approve' ? 'approved' : 'rejected' },
          };
        }
        return undefined;
      },
      { ...MEMBER, role: 'moderator' },
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Approve: Yusuf' }));
    expect(await screen.findByText('Yusuf is now a teacher')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Reject: Maryam' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve: Yusuf' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Reject: Maryam' }));
    const dialog = screen.getByRole('dialog', { name: "Reject Maryam's application" });
    await user.click(within(dialog).getByRole('button', { name: 'Reject application' }));
    expect(within(dialog).getByText('A reason is required to reject an application')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Please add your ijazah');
    await user.click(within(dialog).getByRole('button', { name: 'Reject application' }));
    expect(await screen.findByText('Application rejected')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/admin/vendors/u8/reject')?.body).toEqual({
      reason: 'Please add your ijazah',
    });
    expect(await screen.findByText('No applications waiting')).toBeInTheDocument();
  });

  it("lists an applicant's topics in the language's own words and commas, the handle isolated", async () => {
    installFetch((call) => (call.path === '/api/admin/vendors' ? { body: [application('u7', 'Yusuf')] } : undefined), {
      ...MEMBER,
      role: 'moderator',
    });
    await act(() => i18n.changeLanguage('ar'));
    try {
      render();
      const topics = [i18n.t('learning.category.Quran'), i18n.t('learning.category.Tafsir')];
      const card = (await screen.findByText(new RegExp(topics[0]!))).closest('li')!;
      expect(card).toHaveTextContent(new Intl.ListFormat('ar', { type: 'unit' }).format(topics));
      expect(card.textContent).not.toContain(', ');
      expect(within(card).getByText('@yusuf').tagName).toBe('BDI');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('tells a member the page is for moderators, without asking the server', async () => {
    const calls = installFetch(() => undefined);
    render();
    expect(await screen.findByText('Only moderators and admins can review teacher applications.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/api/admin'))).toEqual([]);
  });
});
