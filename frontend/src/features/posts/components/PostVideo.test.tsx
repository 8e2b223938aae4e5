import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderWithProviders } from '@/testing/render';

import { PostVideo, VIDEO_VISIBLE_THRESHOLD } from './PostVideo';

let observed: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit } | null = null;

beforeEach(() => {
  observed = null;
  Object.assign(window, {
    IntersectionObserver: class {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observed = { callback, ...(options ? { options } : {}) };
      }
      observe() {}
      disconnect() {}
    },
  });
});

const visible = (ratio: number) =>
  act(() =>
    observed!.callback(
      [{ intersectionRatio: ratio, isIntersecting: ratio > 0 } as IntersectionObserverEntry],
      {} as IntersectionObserver,
    ),
  );

describe('PostVideo', () => {
  it('shows the poster first, then plays muted on tap', async () => {
    renderWithProviders(<PostVideo url="/v.mp4" poster="/poster.jpg" />);
    expect(document.querySelector('video')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Play video' }));
    const video = document.querySelector('video')!;
    expect(video.muted).toBe(true);
    expect(video).toHaveAttribute('src', '/v.mp4');
    expect(video.autoplay).toBe(true);
  });

  it('pauses when less than 60% of it is visible', async () => {
    renderWithProviders(<PostVideo url="/v.mp4" poster={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Play video' }));
    const video = document.querySelector('video')!;
    const pause = jest.spyOn(video, 'pause').mockImplementation(() => undefined);
    Object.defineProperty(video, 'paused', { value: false, configurable: true });
    expect(observed?.options?.threshold).toContain(VIDEO_VISIBLE_THRESHOLD);
    visible(0.8);
    expect(pause).not.toHaveBeenCalled();
    visible(0.5);
    expect(pause).toHaveBeenCalledTimes(1);
  });

  it('says the video is not available when it fails to load', async () => {
    renderWithProviders(<PostVideo url="/missing.mp4" poster={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Play video' }));
    fireEvent.error(document.querySelector('video')!);
    expect(screen.getByRole('status')).toHaveTextContent('Video not available');
    expect(screen.getByRole('status')).toHaveTextContent('Unable to load video content');
  });
});
