import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';

import { installFetch } from '@/testing/installFetch';
import { MEMBER, renderWithProviders } from '@/testing/render';
import { Toasts } from '@/ui/toast';

import type { ReportGroup } from '../types';
import ModerationScreen from './ModerationScreen';

const group = (over: Partial<ReportGroup> = {}): ReportGroup => ({
  targetType: 'user',
  targetId: 'u9',
  streamId: 'user-u9',
  count: 2,
  reasons: ['Harassment', 'Spam'],
  firstReportedAt: '2026-11-26T10:00:00.000Z',
  lastReportedAt: '2026-11-26T11:00:00.000Z',
  status: 'open',
  resolution: null,
  history: { first: { streamId: 'user-u9', version: 0 }, latest: { streamId: 'user-u9', version: 0 } },
  target: { text: 'Bilal', author: { id: 'u9', username: 'bilal' }, state: 'visible', image: null },
  reporters: [],
  ...over,
});

function render() {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/moderation" element={<ModerationScreen />} />
      </Routes>
      <Toasts />
    </>,
    { route: '/moderation' },
  );
}

describe('/moderation', () => {
  it("shows the queue with reasons and suspends a member until a time, with the moderator's reason", async () => {
    let open = [group()];
    const calls = installFetch(
      (call) => {
        if (call.path.startsWith('/api/admin/reports')) return { body: { items: open, nextCursor: null } };
        if (call.path === '/api/admin/users/u9/suspend') {
          open = [];
          return {
            body: {
              targetType: 'user',
              targetId: 'u9',
              action: 'suspend',
              moderatorId: 'm1',
              reason: 'Repeated abuse',
              at: '2026-11-26T12:00:00.000Z',
              notified: 2,
            },
          };
        }
        return undefined;
      },
      { ...MEMBER, role: 'moderator' },
    );
    const user = userEvent.setup();
    render();
    const card = await screen.findByRole('listitem', { name: 'Member @bilal' });
    expect(within(card).getByText('2 reports')).toBeInTheDocument();
    expect(within(card).getByText('Harassment')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Suspend' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend: @bilal' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(within(dialog).getByText('Please give a reason')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (moderators only)' }), 'Repeated abuse');
    await user.type(within(dialog).getByLabelText('Suspended until'), '2026-12-01T10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Done. 2 reporters were told.')).toBeInTheDocument();
    const sent = calls.find((c) => c.path === '/api/admin/users/u9/suspend')?.body as { reason: string; until: string };
    expect(sent.reason).toBe('Repeated abuse');
    expect(new Date(sent.until).getTime()).toBe(new Date('2026-12-01T10:00').getTime());
    expect(await screen.findByText('No open reports.')).toBeInTheDocument();
  });

  it('is not found for a member, without asking the server', async () => {
    const calls = installFetch(() => undefined);
    render();
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/api/admin'))).toEqual([]);
  });
});
