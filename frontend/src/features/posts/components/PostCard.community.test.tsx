import { act, screen, within } from '@testing-library/react';

import { i18n } from '@/i18n';
import { makePost } from '@/resources/posts/testing';
import { installFetch } from '@/testing/installFetch';
import { renderWithProviders } from '@/testing/render';

import { PostCard } from './PostCard';

describe('post card: the community it was posted in', () => {
  beforeEach(() => installFetch(() => undefined, null));

  it('names a public community, linking to it', () => {
    renderWithProviders(
      <PostCard
        post={makePost({ community: { id: 'c1', slug: 'south-b-mosque', name: 'South B Mosque', privacy: 'public' } })}
      />,
    );
    const card = screen.getByRole('article', { name: 'Post by Yusuf' });
    expect(within(card).getByRole('link', { name: 'South B Mosque' })).toHaveAttribute(
      'href',
      '/communities/south-b-mosque',
    );
    expect(within(card).getByText('Posted in')).toHaveClass('visually-hidden');
    expect(within(card).queryByText('Private community')).toBeNull();
  });

  it('marks a private community with a lock, in Arabic too', async () => {
    const post = makePost({ community: { id: 'c2', slug: 'sisters', name: 'Sisters Circle', privacy: 'private' } });
    const { unmount } = renderWithProviders(<PostCard post={post} />);
    expect(screen.getByRole('link', { name: 'Sisters Circle' })).toBeInTheDocument();
    expect(screen.getByTitle('Private community')).toBeInTheDocument();
    unmount();
    await act(() => i18n.changeLanguage('ar'));
    try {
      renderWithProviders(<PostCard post={post} />);
      expect(screen.getByTitle('مجتمع خاص')).toBeInTheDocument();
      expect(screen.getByText('نُشر في')).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('shows nothing of the kind for a post to the followers', () => {
    renderWithProviders(<PostCard post={makePost()} />);
    expect(screen.queryByText('Posted in')).toBeNull();
  });
});
