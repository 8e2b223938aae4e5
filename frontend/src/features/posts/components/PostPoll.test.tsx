import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { makeStore } from '@/app/store';
import { useGetPostQuery } from '@/resources/posts/api';
import { makePost } from '@/resources/posts/testing';
import type { PollView } from '@/resources/posts/types';
import { installFetch } from '@/testing/installFetch';
import { renderWithProviders } from '@/testing/render';

import { PostCard } from './PostCard';

const poll = (over: Partial<PollView> = {}): PollView => ({
  question: 'Best time to read Quran?',
  option1: 'Fajr',
  option2: 'Maghrib',
  option3: 'Isha',
  option1Votes: 1,
  option2Votes: 2,
  option3Votes: 1,
  totalVotes: 4,
  myVote: null,
  ...over,
});

function Detail() {
  const { data } = useGetPostQuery('p1');
  return data ? <PostCard post={data} /> : null;
}

describe('PostPoll', () => {
  it('votes, then shows each option’s share with my vote marked', async () => {
    const post = makePost({ id: 'p1', type: 'poll', poll: poll() });
    const calls = installFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/posts/p1') return { body: post };
      if (method === 'POST' && path === '/api/posts/p1/poll/vote')
        return { body: { ...post, poll: poll({ option3Votes: 2, totalVotes: 5, myVote: 3 }) } };
      return undefined;
    });
    renderWithProviders(<Detail />, { store: makeStore() });
    const group = await screen.findByRole('group', { name: 'Best time to read Quran?' });
    expect(within(group).getByText('4 votes')).toBeInTheDocument();
    await userEvent.click(within(group).getByRole('button', { name: 'Vote for Isha' }));

    await waitFor(() => expect(within(group).queryByRole('button')).not.toBeInTheDocument());
    expect(calls.find((c) => c.path.endsWith('/poll/vote'))?.body).toEqual({ option: 3 });
    expect(within(group).getByRole('listitem', { name: 'Fajr: 20%' })).toBeInTheDocument();
    expect(within(group).getByRole('listitem', { name: 'Maghrib: 40%' })).toBeInTheDocument();
    expect(within(group).getByRole('listitem', { name: 'Isha: 40%, Your vote' })).toHaveClass(
      'post-poll__result--mine',
    );
    expect(within(group).getByText('5 votes')).toBeInTheDocument();
  });

  it('shows the results straight away when I have already voted, and a toast when a vote fails', async () => {
    installFetch(() => undefined);
    renderWithProviders(<PostCard post={makePost({ poll: poll({ myVote: 1 }) })} />, { store: makeStore() });
    expect(screen.getByRole('listitem', { name: 'Fajr: 25%, Your vote' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Vote for/ })).not.toBeInTheDocument();
  });

  it('tells me when the vote could not be recorded', async () => {
    installFetch(({ path }) =>
      path.endsWith('/poll/vote')
        ? { status: 400, body: { message: 'Please choose one of the poll options' } }
        : undefined,
    );
    const store = makeStore();
    renderWithProviders(<PostCard post={makePost({ poll: poll() })} />, { store });
    await waitFor(() => expect(store.getState().api.queries['getMe(undefined)']?.status).toBe('fulfilled'));
    await userEvent.click(screen.getByRole('button', { name: 'Vote for Fajr' }));
    await waitFor(() =>
      expect(store.getState().toasts.map((t) => t.message)).toContain(
        'Failed to record your vote: Please choose one of the poll options',
      ),
    );
  });
});
