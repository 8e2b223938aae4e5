import { act, fireEvent, screen } from '@testing-library/react';

import { IMAGE_RETRY_MS } from '@/features/posts';
import { renderWithProviders } from '@/testing/render';

import { makeComment } from '../testFixtures';
import { CommentMedia } from './CommentMedia';

describe('CommentMedia', () => {
  it("shows the comment's images, and 'Failed to load image' in place of one that breaks", () => {
    jest.useFakeTimers();
    try {
      renderWithProviders(<CommentMedia comment={makeComment({ imageUrl: '/media/broken.jpg' })} />);
      const image = () => screen.getByRole('img', { name: 'Image 1 attached by Yusuf' });
      expect(image()).toHaveAttribute('src', '/media/broken.jpg');
      // Asked again a few times first: a new image may still be processing.
      for (const wait of IMAGE_RETRY_MS) {
        fireEvent.error(image());
        act(() => jest.advanceTimersByTime(wait));
      }
      fireEvent.error(image());
      expect(screen.getByRole('img', { name: 'Failed to load image' })).toBeInTheDocument();
      expect(screen.queryByRole('img', { name: 'Image 1 attached by Yusuf' })).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
