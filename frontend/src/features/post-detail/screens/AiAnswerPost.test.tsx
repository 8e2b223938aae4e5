import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';

import { MEMBER_ROUTES, mockFetch, renderWithProviders } from '@/testing/render';

import { makePost } from '../testFixtures';
import PostDetailScreen from './PostDetailScreen';

const QUESTION = 'What does the Quran say about patience?';
const ANSWER = 'Seek help through patience and prayer (Al-Baqarah 2:153).';

/** A shared AI answer as /api/posts/:id answers it: a post of type ai_answer (contract/posts.ts). */
const shared = makePost({ type: 'ai_answer', content: QUESTION, aiQuestion: QUESTION, aiAnswer: ANSWER });
const anonymous = makePost({
  ...shared,
  isAnonymous: true,
  userId: '',
  user: { ...shared.user, id: '', name: '', displayName: '', username: '' },
});

function renderDetail() {
  return renderWithProviders(
    <Routes>
      <Route path="/post/:id" element={<PostDetailScreen />} />
    </Routes>,
    { route: `/post/${shared.id}` },
  );
}

describe('post detail of a shared AI answer', () => {
  it('shows the question and the answer, with the author linked', async () => {
    mockFetch({
      ...MEMBER_ROUTES,
      [`GET /api/posts/${shared.id}`]: { body: shared },
      [`GET /api/posts/${shared.id}/comments`]: { body: [] },
    });
    renderDetail();
    const card = await screen.findByRole('article', { name: 'Post by Yusuf' });
    expect(within(card).getByText('AI Scholar answer')).toBeInTheDocument();
    expect(within(card).getByText(QUESTION)).toBeInTheDocument();
    expect(within(card).getByText(ANSWER)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Yusuf' })).toHaveAttribute('href', '/profile/yusuf');
  });

  it("says 'Anonymous' and links to no profile when shared anonymously; nobody to mute or block", async () => {
    mockFetch({
      ...MEMBER_ROUTES,
      [`GET /api/posts/${shared.id}`]: { body: anonymous },
      [`GET /api/posts/${shared.id}/comments`]: { body: [] },
    });
    const user = userEvent.setup();
    renderDetail();
    const card = await screen.findByRole('article', { name: 'Post by Anonymous' });
    expect(within(card).getByText('Anonymous')).toBeInTheDocument();
    expect(within(card).getByText(ANSWER)).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: /profile/ })).not.toBeInTheDocument();
    expect(card.querySelector('a[href^="/profile/"]')).toBeNull();
    expect(within(card).queryByText('@')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'More options' }));
    expect(screen.getByRole('menuitem', { name: 'Report' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Mute|Block/ })).not.toBeInTheDocument();
    // The comment box is there: a shared answer is commented like any post.
    expect(screen.getByRole('textbox')).toBeInTheDocument();
  });
});
