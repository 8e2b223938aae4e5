import { act, screen, within } from '@testing-library/react';

import { i18n } from '@/i18n';
import { installFetch } from '@/testing/installFetch';
import { MEMBER, renderWithProviders } from '@/testing/render';

import type { ReportGroup } from '../types';
import { ReportsTab } from './ReportsTab';

const post = (id: string, state: ReportGroup['target']['state'], over: Partial<ReportGroup> = {}): ReportGroup => ({
  targetType: 'post',
  targetId: id,
  streamId: `post-${id}`,
  count: 1,
  reasons: ['Spam'],
  firstReportedAt: '2026-11-26T10:00:00.000Z',
  lastReportedAt: '2026-11-26T10:00:00.000Z',
  status: 'open',
  resolution: null,
  history: { first: null, latest: null },
  target: { text: `Words of ${id}`, author: { id: `a-${id}`, username: `author_${id}` }, state, image: null },
  reporters: [],
  ...over,
});

async function show(...items: ReportGroup[]) {
  installFetch((call) => (call.path === '/api/admin/reports' ? { body: { items, nextCursor: null } } : undefined), {
    ...MEMBER,
    role: 'moderator',
  });
  renderWithProviders(<ReportsTab />, { route: '/moderation' });
  await screen.findByRole('list', { name: i18n.t('moderation.tabs.reports') });
}

const card = (username: string) => screen.getByRole('listitem', { name: `Post @${username}` });
const actions = (item: HTMLElement) =>
  within(item)
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('ReportsTab', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('offers Hide on a visible post, Restore on a hidden one and neither on a deleted or gone one', async () => {
    await show(
      post('p1', 'visible'),
      post('p2', 'hidden'),
      post('p3', 'deleted'),
      post('p4', 'gone', { target: { text: null, author: null, state: 'gone', image: null } }),
    );
    expect(actions(card('author_p1'))).toEqual(['Hide', 'Dismiss']);
    expect(actions(card('author_p2'))).toEqual(['Restore', 'Dismiss']);
    expect(actions(card('author_p3'))).toEqual(['Dismiss']);
    expect(actions(screen.getByRole('listitem', { name: 'Post p4' }))).toEqual(['Dismiss']);
  });

  it("names each reason's category in the moderator's language and keeps the reporter's words as written", async () => {
    await act(() => i18n.changeLanguage('ar'));
    await show(post('p1', 'visible', { reasons: ['Spam: buy followers here', 'Hate or harassment', 'My own words'] }));
    const reasons = within(screen.getByRole('list', { name: i18n.t('moderation.reports.reasons') })).getAllByRole(
      'listitem',
    );
    expect(reasons.map((r) => r.textContent)).toEqual([
      `${i18n.t('posts.report.reasons.spam')}: buy followers here`,
      i18n.t('posts.report.reasons.hate'),
      'My own words',
    ]);
    expect(reasons[0]!.querySelector('bdi')).toHaveTextContent('buy followers here');
  });

  it('offers nothing but the history on a closed report of a deleted post', async () => {
    await show(post('p3', 'deleted', { status: 'resolved' }));
    expect(within(card('author_p3')).queryAllByRole('button')).toEqual([]);
  });

  it("lifts a suspension only of a member who is suspended, and deletes only a comment that's there", async () => {
    const member = (id: string, state: 'visible' | 'suspended'): ReportGroup => ({
      ...post(id, state),
      targetType: 'user',
      streamId: `user-${id}`,
      target: { text: id, author: { id, username: id }, state, image: null },
    });
    await show(
      member('amal', 'visible'),
      member('bilal', 'suspended'),
      { ...post('c1', 'visible'), targetType: 'comment', streamId: 'comment-c1' },
      { ...post('c2', 'deleted'), targetType: 'comment', streamId: 'comment-c2' },
    );
    expect(actions(screen.getByRole('listitem', { name: 'Member @amal' }))).toEqual(['Warn', 'Suspend', 'Dismiss']);
    expect(actions(screen.getByRole('listitem', { name: 'Member @bilal' }))).toEqual([
      'Warn',
      'Suspend',
      'Lift suspension',
      'Dismiss',
    ]);
    expect(actions(screen.getByRole('listitem', { name: 'Comment @author_c1' }))).toEqual(['Delete', 'Dismiss']);
    expect(actions(screen.getByRole('listitem', { name: 'Comment @author_c2' }))).toEqual(['Dismiss']);
  });

  it('links a visible or hidden reported post to its page (moderators read a hidden one); a deleted one to none', async () => {
    await show(post('p 1', 'visible'), post('p2', 'hidden'), post('p3', 'deleted'));
    expect(within(card('author_p 1')).getByRole('link', { name: 'Open the post' })).toHaveAttribute(
      'href',
      '/post/p%201',
    );
    expect(within(card('author_p2')).getByRole('link', { name: 'Open the post' })).toHaveAttribute('href', '/post/p2');
    expect(within(card('author_p3')).queryByRole('link', { name: 'Open the post' })).toBeNull();
  });

  it('names who reported, each name isolated, and shows the picture with its caption, small and lazy', async () => {
    const reporters = [
      { id: 'u1', username: 'amal', name: 'أمل' },
      { id: 'u2', username: 'bilal', name: 'Bilal' },
    ];
    await show(
      post('p1', 'visible', {
        reporters,
        target: {
          text: 'Words',
          author: { id: 'a1', username: 'author_p1' },
          state: 'visible',
          image: { url: '/media/m1/w320.avif', alt: 'A sunset' },
        },
      }),
      post('p2', 'visible', {
        target: {
          text: 'No caption',
          author: { id: 'a2', username: 'author_p2' },
          state: 'visible',
          image: { url: '/media/m2/w320.avif', alt: '' },
        },
      }),
      post('p3', 'visible'),
    );
    const first = card('author_p1');
    expect(within(first).getByText(/^Reported by/)).toHaveTextContent('Reported by @amal, @bilal');
    const names = first.querySelectorAll('bdi');
    expect([...names].map((b) => [b.textContent, b.getAttribute('dir'), b.getAttribute('title')])).toEqual([
      ['@amal', 'ltr', 'أمل'],
      ['@bilal', 'ltr', 'Bilal'],
    ]);
    const picture = within(first).getByRole('img', { name: 'A sunset' });
    expect(picture).toHaveAttribute('src', '/media/m1/w320.avif');
    expect(picture).toHaveAttribute('loading', 'lazy');
    expect(picture).toHaveClass('history-thumb');
    // Without a caption the picture is still named: it is what was reported.
    expect(within(card('author_p2')).getByRole('img', { name: "The reported post's picture" })).toBeInTheDocument();
    expect(within(card('author_p2')).queryByText(/Reported by/)).toBeNull();
    expect(within(card('author_p3')).queryByRole('img')).toBeNull();
  });

  it("lists the reporters in Arabic's own way, the label agreeing with their number", async () => {
    await act(() => i18n.changeLanguage('ar'));
    const reporters = [
      { id: 'u1', username: 'amal', name: 'Amal' },
      { id: 'u2', username: 'bilal', name: 'Bilal' },
    ];
    await show(post('p1', 'visible', { reporters }), post('p2', 'visible', { reporters: reporters.slice(0, 1) }));
    const list = new Intl.ListFormat('ar', { style: 'short', type: 'unit' }).format(['@amal', '@bilal']);
    const inCard = (id: string) => within(screen.getByRole('listitem', { name: `منشور @author_${id}` }));
    expect(inCard('p1').getByText(/^المُبلِّغان:/)).toHaveTextContent(`المُبلِّغان: ${list}`);
    expect(inCard('p2').getByText(/^المُبلِّغ:/)).toHaveTextContent('المُبلِّغ: @amal');
  });
});
