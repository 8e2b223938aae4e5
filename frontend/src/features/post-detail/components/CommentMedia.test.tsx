import { fireEvent, screen } from '@testing-library/react';

import { renderWithProviders } from '@/testing/render';

import { makeComment } from '../testFixtures';
import { CommentMedia } from './CommentMedia';

describe('CommentMedia', () => {
  it("shows the comment's images, and 'Failed to load image' in place of one that breaks", () => {
    renderWithProviders(<CommentMedia comment={makeComment({ imageUrl: '/media/broken.jpg' })} />);
    const image = screen.getByRole('img', { name: 'Image 1 attached by Yusuf' });
    expect(image).toHaveAttribute('src', '/media/broken.jpg');
    fireEvent.error(image);
    expect(screen.getByRole('img', { name: 'Failed to load image' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Image 1 attached by Yusuf' })).not.toBeInTheDocument();
  });
});
