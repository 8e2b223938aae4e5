import { act, screen } from '@testing-library/react';

import { i18n } from '@/i18n';
import { renderWithProviders } from '@/testing/render';

import { makePost } from '../testFixtures';
import { PostStats } from './PostStats';

describe('post stats line', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('formats counts with plurals and grouping, hiding shares the server did not count', () => {
    renderWithProviders(
      <PostStats
        post={makePost({ likes: 1, likeCount: 1, commentCount: 12345, commentsCount: 12345, reposts: 0, shares: 0 })}
      />,
    );
    expect(screen.getByText('1 like')).toBeInTheDocument();
    expect(screen.getByText('12,345 comments')).toBeInTheDocument();
    expect(screen.getByText('0 reposts')).toBeInTheDocument();
    expect(screen.queryByText(/share/)).not.toBeInTheDocument();
  });

  it('uses the Arabic plural forms and Intl digits', async () => {
    await act(() => i18n.changeLanguage('ar'));
    renderWithProviders(
      <PostStats
        post={makePost({ likes: 2, likeCount: 2, commentCount: 3, commentsCount: 3, reposts: 11, shares: 0 })}
      />,
    );
    expect(screen.getByText('إعجابان')).toBeInTheDocument();
    // Digits are whatever Intl gives for Arabic (recent CLDR data uses Latin digits for 'ar').
    const n = new Intl.NumberFormat('ar');
    expect(screen.getByText(`${n.format(3)} تعليقات`)).toBeInTheDocument();
    expect(screen.getByText(`${n.format(11)} إعادة نشر`)).toBeInTheDocument();
  });
});
