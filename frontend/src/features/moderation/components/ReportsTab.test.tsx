import { screen, within } from '@testing-library/react';

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
  target: { text: `Words of ${id}`, author: { id: `a-${id}`, username: `author_${id}` }, state },
  ...over,
});

async function show(...items: ReportGroup[]) {
  installFetch((call) => (call.path === '/api/admin/reports' ? { body: { items, nextCursor: null } } : undefined), {
    ...MEMBER,
    role: 'moderator',
  });
  renderWithProviders(<ReportsTab />, { route: '/moderation' });
  await screen.findByRole('list', { name: 'Reports' });
}

const card = (username: string) => screen.getByRole('listitem', { name: `Post @${username}` });
const actions = (item: HTMLElement) =>
  within(item)
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('ReportsTab', () => {
  it('offers Hide on a visible post, Restore on a hidden one and neither on a deleted or gone one', async () => {
    await show(
      post('p1', 'visible'),
      post('p2', 'hidden'),
      post('p3', 'deleted'),
      post('p4', 'gone', { target: { text: null, author: null, state: 'gone' } }),
    );
    expect(actions(card('author_p1'))).toEqual(['Hide', 'Dismiss']);
    expect(actions(card('author_p2'))).toEqual(['Restore', 'Dismiss']);
    expect(actions(card('author_p3'))).toEqual(['Dismiss']);
    expect(actions(screen.getByRole('listitem', { name: 'Post p4' }))).toEqual(['Dismiss']);
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
      target: { text: id, author: { id, username: id }, state },
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

  it("links a visible reported post to its page; a hidden one's page is closed to everyone", async () => {
    await show(post('p 1', 'visible'), post('p2', 'hidden'));
    expect(within(card('author_p 1')).getByRole('link', { name: 'Open the post' })).toHaveAttribute(
      'href',
      '/post/p%201',
    );
    expect(within(card('author_p2')).queryByRole('link', { name: 'Open the post' })).toBeNull();
  });
});
