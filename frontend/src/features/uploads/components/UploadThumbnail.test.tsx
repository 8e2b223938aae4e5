import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

import { i18n } from '@/i18n';
import { renderWithProviders } from '@/testing/render';

import { newUploadItem, type UploadItem } from '../uploadItem';
import { UploadThumbnail } from './UploadThumbnail';

const photo = new File(['png-bytes'], 'iftar.png', { type: 'image/png' });
const clip = new File(['mp4-bytes'], 'umrah.mp4', { type: 'video/mp4' });
const item = (patch: Partial<UploadItem>, file = photo): UploadItem => ({
  ...newUploadItem('u1', file, file.type.startsWith('image/') ? 'image' : 'video'),
  ...patch,
});

describe('UploadThumbnail', () => {
  const created: Blob[] = [];
  const revoked: string[] = [];
  beforeEach(() => {
    created.length = 0;
    revoked.length = 0;
    URL.createObjectURL = jest.fn((blob: Blob) => `blob:thumb-${created.push(blob)}`);
    URL.revokeObjectURL = jest.fn((url: string) => void revoked.push(url));
  });
  afterEach(() => act(() => i18n.changeLanguage('en')));

  /** The tile as the uploader's list holds it: the same tile, given the item's next states. */
  function show(start: UploadItem) {
    const actions = { onPause: jest.fn(), onResume: jest.fn(), onRemove: jest.fn() };
    let moveTo: (next: UploadItem) => void = () => undefined;
    function List() {
      const [current, setCurrent] = useState(start);
      moveTo = setCurrent;
      return (
        <ul>
          <UploadThumbnail item={current} {...actions} />
        </ul>
      );
    }
    const view = renderWithProviders(<List />);
    const rerender = (next: UploadItem) => act(() => moveTo(next));
    return { ...view, actions, rerender };
  }

  it('shows the photo as picked with its progress ring, and keeps that one picture after the file is resized', () => {
    const { rerender } = show(item({ status: 'uploading', progress: 40, uploadedChunks: 2, totalChunks: 5 }));
    expect(screen.getByRole('img', { name: 'iftar.png, not sent yet' })).toHaveAttribute('src', 'blob:thumb-1');
    expect(created).toEqual([photo]);
    expect(screen.getByRole('progressbar', { name: 'Upload progress of iftar.png' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    // No file name and chunk count on show: the state is spoken.
    expect(screen.queryByText(/chunks?\)/)).toBeNull();
    expect(screen.getByText('Uploading...')).toHaveClass('visually-hidden');

    const resized = new File(['webp'], 'iftar.webp', { type: 'image/webp' });
    rerender(item({ file: resized, status: 'completed', progress: 100, mediaId: 'm1' }));
    expect(created).toEqual([photo]);
    expect(revoked).toEqual([]);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('Uploaded')).toBeInTheDocument();
  });

  it('shows a video by its first moments, and a turning ring with no value while it is prepared', () => {
    show(item({ status: 'processing' }, clip));
    const video = screen.getByLabelText('umrah.mp4, not sent yet');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', 'blob:thumb-1#t=0.1');
    const ring = screen.getByRole('progressbar', { name: 'Upload progress of umrah.mp4' });
    expect(ring).not.toHaveAttribute('aria-valuenow');
    expect(screen.queryByRole('button', { name: /Pause|Resume|again/ })).toBeNull();
  });

  it('pauses, resumes, retries with the reason shown, and removes, each by the file it names', async () => {
    const user = userEvent.setup();
    const { actions, rerender } = show(item({ status: 'uploading', progress: 20 }));
    await user.click(screen.getByRole('button', { name: 'Pause uploading iftar.png' }));
    expect(actions.onPause).toHaveBeenCalledWith('u1');

    rerender(item({ status: 'paused', progress: 20 }));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '20');
    await user.click(screen.getByRole('button', { name: 'Resume uploading iftar.png' }));
    expect(actions.onResume).toHaveBeenCalledTimes(1);

    rerender(item({ status: 'failed', error: 'Server error' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Server error');
    await user.click(screen.getByRole('button', { name: 'Upload iftar.png again' }));
    expect(actions.onResume).toHaveBeenCalledTimes(2);

    await user.click(screen.getByRole('button', { name: 'Remove iftar.png' }));
    expect(actions.onRemove).toHaveBeenCalledWith('u1');
  });

  it('releases the picture when the tile goes', () => {
    const { unmount } = show(item({ status: 'pending' }));
    expect(revoked).toEqual([]);
    unmount();
    expect(revoked).toEqual(['blob:thumb-1']);
  });

  it('speaks Arabic', async () => {
    await act(() => i18n.changeLanguage('ar'));
    show(item({ status: 'uploading', progress: 60 }));
    expect(screen.getByRole('img', { name: 'iftar.png، لم يُرسل بعد' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إيقاف رفع iftar.png مؤقتًا' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إزالة iftar.png' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'تقدّم رفع iftar.png' })).toBeInTheDocument();
  });
});
