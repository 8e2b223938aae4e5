import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderWithProviders } from '@/testing/render';

import { postDiff, postState } from '../../testing/fixtures';
import type { AuditChange, AuditStreamState, ProfileHistoryView } from '../../types';
import { HistoryCard } from './HistoryCard';

function show(state: AuditStreamState, changes: AuditChange[] = []) {
  const onStream = jest.fn();
  renderWithProviders(<HistoryCard state={state} changes={changes} onStream={onStream} />);
  return { onStream, card: screen.getByRole('article') };
}

/** A field of the card by its name: the name and its value, as one group. */
const field = (card: HTMLElement, name: string) =>
  within(card).getByText(name, { selector: 'dt' }).closest('.history-field') as HTMLElement;

describe('HistoryCard', () => {
  it('shows a post the way members saw it: words, picture, poll with votes, quote, author', async () => {
    const { card, onStream } = show(postState(0));
    expect(card).toHaveAccessibleName('Post at version 0');
    expect(within(card).getByText('The original words')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'A mosque at dusk' })).toHaveAttribute(
      'src',
      '/api/media/m1/thumb.webp',
    );
    expect(within(card).getByText('Which surah?')).toBeInTheDocument();
    expect(within(card).getByText('Al-Fatiha').parentElement).toHaveTextContent('Al-Fatiha 3 votes');
    expect(within(card).getByText('1 vote')).toBeInTheDocument();
    expect(within(card).getByText('#quran')).toBeInTheDocument();
    expect(field(card, 'Visibility')).toHaveTextContent('Live');
    // Ids open their own histories: the quoted post, the author.
    await userEvent.click(within(field(card, 'Quoted post')).getByRole('button', { name: 'p0' }));
    expect(onStream).toHaveBeenCalledWith('post-p0');
    await userEvent.click(within(field(card, 'Author')).getByRole('button', { name: 'u7' }));
    expect(onStream).toHaveBeenCalledWith('user-u7');
    // The decider's bookkeeping is there, folded away.
    const raw = screen.getByText("The decider's bookkeeping (raw)").closest('details')!;
    expect(raw.open).toBe(false);
    expect(raw).toHaveTextContent('"exists": true');
  });

  it('says who hid a post, when and why', () => {
    const { card } = show(postState(2));
    const visibility = field(card, 'Visibility');
    expect(visibility).toHaveTextContent('Hidden');
    expect(within(visibility).getByRole('button', { name: 'mod1' })).toBeInTheDocument();
    expect(visibility).toHaveTextContent('Reason: Spam ring');
  });

  it('shows what a hidden post showed before, as members saw it then', () => {
    const { card } = show(postState(2), postDiff(1, 2).changes);
    const before = within(field(card, 'Visibility')).getByText('Before:').parentElement!;
    expect(before).toHaveTextContent(/^Before: Edited Nov 29, 2026/);
    expect(before.querySelector('del')).not.toBeNull();
  });

  it('marks the fields that changed, with what they read before in words', () => {
    const { card } = show(postState(1), postDiff(0, 1).changes);
    const words = field(card, 'Words');
    expect(words).toHaveClass('history-field--changed');
    expect(words).toHaveTextContent('Words changed');
    expect(within(words).getByText('The edited words')).toBeInTheDocument();
    expect(within(words).getByText('The original words').closest('del')).not.toBeNull();
    expect(words).toHaveTextContent('Before: The original words');
    const visibility = field(card, 'Visibility');
    expect(visibility).toHaveClass('history-field--changed');
    expect(within(visibility).getByText('Before:').parentElement).toHaveTextContent(/^Before: Live$/);
    // Fields that did not change are not marked.
    expect(field(card, 'Poll')).not.toHaveClass('history-field--changed');
    expect(field(card, 'Author')).not.toHaveClass('history-field--changed');
  });

  it('lists a change the card does not lay out (a field added later), so that none goes unseen', () => {
    const { card } = show(postState(1), [{ path: 'pinned', before: false, after: true }]);
    const others = within(card).getByRole('region', { name: 'Other changes' });
    expect(others).toHaveTextContent('pinned: No → Yes');
  });

  it('shows another kind as a card of its fields, erased data as erased with the time', () => {
    const profile: ProfileHistoryView = {
      kind: 'profile',
      userId: 'u7',
      displayName: 'erased',
      bio: 'erased',
      location: null,
      website: 'https://example.org',
      avatarUrl: '/api/media/a1/thumb.webp',
      bannerUrl: null,
      updatedAt: '2026-11-20T10:00:00.000Z',
      erasedAt: '2026-11-28T09:30:00.000Z',
    };
    const { card } = show({
      ...postState(0, 'profile-u7'),
      kind: 'profile',
      view: profile,
      state: null,
    });
    expect(card).toHaveAccessibleName('Profile at version 0');
    expect(field(card, 'Name')).toHaveTextContent(/Erased on .*2026/);
    expect(field(card, 'Bio')).toHaveTextContent(/Erased on/);
    expect(field(card, 'Location')).toHaveTextContent('None');
    expect(field(card, 'Link')).toHaveTextContent('https://example.org');
    expect(within(field(card, 'Avatar')).getByRole('img', { name: 'Avatar' })).toBeInTheDocument();
    expect(within(field(card, 'Member')).getByRole('button', { name: 'u7' })).toBeInTheDocument();
    expect(screen.queryByText("The decider's bookkeeping (raw)")).toBeNull();
  });

  it('shows money in shillings and ids of other streams as links', () => {
    const { card } = show({
      ...postState(0, 'order-o1'),
      kind: 'order',
      state: null,
      view: {
        kind: 'order',
        orderId: 'o1',
        buyerId: 'u7',
        items: [{ courseId: 'c1', title: 'Tajweed basics', price: 150000 }],
        total: 150000,
        currency: 'KES',
        method: 'mpesa',
        status: 'paid',
        provider: 'mpesa',
        references: ['QWE123'],
        paid: { amount: 150000, reference: 'QWE123', at: '2026-11-29T10:05:00.000Z' },
        failureReason: null,
        flagged: [],
        refunded: null,
        refunds: [],
        placedAt: '2026-11-29T10:00:00.000Z',
      },
    });
    // The app's one money formatter (i18n/money.ts): no cents when there are none.
    expect(field(card, 'Total')).toHaveTextContent('KSh 1,500');
    expect(field(card, 'Status')).toHaveTextContent('Paid');
    expect(field(card, 'Payment method')).toHaveTextContent('M-Pesa');
    expect(within(field(card, 'Items')).getByRole('button', { name: 'c1' })).toBeInTheDocument();
    expect(field(card, 'Items')).toHaveTextContent('Tajweed basics');
    expect(field(card, 'Refunds')).toHaveTextContent('None');
  });

  it('says so for a stream members never see, and opens the bookkeeping', () => {
    show({ ...postState(0, 'cart-u7'), kind: 'cart', view: null, state: { items: [] } }, [
      { path: 'items', before: null, after: [] },
    ]);
    expect(screen.getByRole('region', { name: 'Other changes' })).toHaveTextContent('items: None → None');
    expect(screen.getByText(/Members see nothing of this kind of stream/)).toBeInTheDocument();
    expect(screen.getByText("The decider's bookkeeping (raw)").closest('details')!.open).toBe(true);
  });
});
