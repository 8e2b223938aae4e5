import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderWithProviders } from '@/testing/render';

import { HIDDEN, postState } from '../../testing/fixtures';
import type { AuditStreamState } from '../../types';
import { HistoryCard } from './HistoryCard';

describe("a post's history: its author's appeals", () => {
  it('lists each appeal with its words and outcome, who decided, when and why', async () => {
    const state: AuditStreamState = {
      ...postState(2),
      view: {
        ...HIDDEN,
        appeals: [
          {
            at: '2026-11-29T12:30:00.000Z',
            text: 'It was a reminder',
            hiddenAt: '2026-11-29T12:00:00.000Z',
            outcome: { status: 'rejected', by: 'mod2', at: '2026-11-29T13:00:00.000Z', reason: 'Still spam' },
          },
          {
            at: '2026-11-29T14:30:00.000Z',
            text: '',
            hiddenAt: '2026-11-29T14:00:00.000Z',
            outcome: { status: 'pending' },
          },
        ],
      },
    };
    const onStream = jest.fn();
    renderWithProviders(<HistoryCard state={state} changes={[]} onStream={onStream} />);
    const card = screen.getByRole('article');
    const appeals = within(card).getByText('Appeals', { selector: 'dt' }).closest('.history-field') as HTMLElement;
    const [first, second] = within(appeals).getAllByRole('listitem');
    expect(first).toHaveTextContent('It was a reminder');
    expect(first).toHaveTextContent('Kept hidden');
    expect(first).toHaveTextContent('Reason: Still spam');
    await userEvent.click(within(first!).getByRole('button', { name: 'mod2' }));
    expect(onStream).toHaveBeenCalledWith('user-mod2');
    expect(second).toHaveTextContent('No words given.');
    expect(second).toHaveTextContent('Pending');
  });

  it('leaves the field out of a post nobody appealed', () => {
    renderWithProviders(<HistoryCard state={postState(2)} changes={[]} onStream={jest.fn()} />);
    expect(within(screen.getByRole('article')).queryByText('Appeals', { selector: 'dt' })).toBeNull();
  });
});
