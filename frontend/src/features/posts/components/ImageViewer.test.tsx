import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { i18n } from '@/i18n';
import { renderWithProviders } from '@/testing/render';

import { ImageGallery } from './ImageGallery';
import { IMAGE_RETRY_MS } from './SafeImage';

const urls = ['/a.jpg', '/b.jpg', '/c.jpg'];

async function openSecond() {
  renderWithProviders(<ImageGallery urls={urls} captions={['', 'The Kaaba at dawn']} />);
  const opener = screen.getByRole('button', { name: 'Open image 2 of 3' });
  await userEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: 'Image viewer' }) };
}

// jsdom has no PointerEvent; a MouseEvent carries the clientX a swipe needs.
beforeAll(() => {
  if (!('PointerEvent' in window)) Object.assign(window, { PointerEvent: class extends MouseEvent {} });
});

describe('ImageGallery and the full-screen viewer', () => {
  afterEach(async () => {
    await act(async () => {
      await i18n.changeLanguage('en');
    });
  });

  it('lays out up to 4 images and labels them with their captions', () => {
    renderWithProviders(<ImageGallery urls={[...urls, '/d.jpg', '/e.jpg']} captions={['', 'The Kaaba at dawn']} />);
    expect(screen.getAllByRole('button', { name: /^Open image/ })).toHaveLength(4);
    expect(screen.getByRole('img', { name: 'The Kaaba at dawn' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Image 1 of 4' })).toBeInTheDocument();
  });

  it('steps with the arrow keys, stops at the ends, and shows the counter', async () => {
    const { dialog } = await openSecond();
    expect(within(dialog).getByText('2 / 3')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'The Kaaba at dawn' })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(dialog).getByText('3 / 3')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(dialog).getByText('3 / 3')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next image' })).toBeDisabled();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(dialog).getByText('1 / 3')).toBeInTheDocument();
  });

  it('mirrors the arrow keys in Arabic', async () => {
    await i18n.changeLanguage('ar');
    renderWithProviders(<ImageGallery urls={urls} />);
    await userEvent.click(screen.getAllByRole('button')[0]!);
    const dialog = screen.getByRole('dialog');
    await userEvent.keyboard('{ArrowLeft}');
    const digits = new Intl.NumberFormat('ar');
    expect(within(dialog).getByText(`${digits.format(2)} / ${digits.format(3)}`)).toBeInTheDocument();
  });

  it('keeps focus inside, closes on Escape and gives focus back to the image that opened it', async () => {
    const { opener, dialog } = await openSecond();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: 'Previous image' })).toHaveFocus();
    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: 'Next image' })).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Next image' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('changes image on a swipe longer than 50px only', async () => {
    const { dialog } = await openSecond();
    const stage = within(dialog).getByRole('img', { name: 'The Kaaba at dawn' }).parentElement!;
    fireEvent.pointerDown(stage, { clientX: 300 });
    fireEvent.pointerUp(stage, { clientX: 260 });
    expect(within(dialog).getByText('2 / 3')).toBeInTheDocument();
    fireEvent.pointerDown(stage, { clientX: 300 });
    fireEvent.pointerUp(stage, { clientX: 200 });
    expect(within(dialog).getByText('3 / 3')).toBeInTheDocument();
    fireEvent.pointerDown(stage, { clientX: 100 });
    fireEvent.pointerUp(stage, { clientX: 200 });
    expect(within(dialog).getByText('2 / 3')).toBeInTheDocument();
  });

  it('asks again for an image that failed (a new photo may still be processing), then shows it', () => {
    jest.useFakeTimers();
    try {
      renderWithProviders(<ImageGallery urls={['/media/new-photo']} />);
      fireEvent.error(screen.getByRole('img', { name: 'Image 1 of 1' }));
      expect(screen.getByRole('img', { name: 'Loading image' })).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(IMAGE_RETRY_MS[0]!));
      fireEvent.load(screen.getByRole('img', { name: 'Image 1 of 1' }));
      expect(screen.queryByRole('img', { name: 'Loading image' })).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('replaces a broken image with a placeholder once every attempt failed', () => {
    jest.useFakeTimers();
    try {
      renderWithProviders(<ImageGallery urls={['/broken.jpg']} />);
      for (const wait of IMAGE_RETRY_MS) {
        fireEvent.error(screen.getByRole('img', { name: 'Image 1 of 1' }));
        expect(screen.getByRole('img', { name: 'Loading image' })).toBeInTheDocument();
        act(() => jest.advanceTimersByTime(wait));
      }
      fireEvent.error(screen.getByRole('img', { name: 'Image 1 of 1' }));
      expect(screen.getByRole('img', { name: 'Image not available' })).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(60_000));
      expect(screen.getByRole('img', { name: 'Image not available' })).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
