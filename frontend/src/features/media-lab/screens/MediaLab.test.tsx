import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';

import { AppRoutes } from '@/app/routes';
import { installFetch } from '@/testing/installFetch';
import { renderWithProviders } from '@/testing/render';
import { renderScreens } from '@/testing/screens';

import { TestWorkingAutoplayScreen } from './AutoplayTestScreen';
import MediaTestScreen from './MediaTestScreen';

describe('media development pages', () => {
  it('/test-working-autoplay shows three sample videos separated by spacers', () => {
    installFetch(() => undefined);
    renderScreens(
      <Route path="/test-working-autoplay" element={<TestWorkingAutoplayScreen />} />,
      '/test-working-autoplay',
    );
    const samples = document.querySelectorAll('.media-lab__sample video');
    expect(Array.from(samples, (v) => v.getAttribute('src'))).toEqual([
      '/api/placeholder-video?n=1',
      '/api/placeholder-video?n=2',
      '/api/placeholder-video?n=3',
    ]);
    expect(document.querySelectorAll('.media-lab__spacer')).toHaveLength(4);
  });

  it('/media-test has the four tabs; the gallery shows 4 items and +N for the rest', async () => {
    installFetch(() => undefined);
    renderScreens(<Route path="/media-test" element={<MediaTestScreen />} />, '/media-test');
    const tabs = within(screen.getByRole('tablist', { name: 'Media tests' }));
    expect(tabs.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Upload Test',
      'Responsive Images',
      'Video Player',
      'Media Gallery',
    ]);
    expect(screen.getByRole('button', { name: 'Add photos or videos (up to 4)' })).toBeInTheDocument();
    await userEvent.click(tabs.getByRole('tab', { name: 'Responsive Images' }));
    expect(document.querySelector('img')?.getAttribute('srcset')).toContain('1920w');
    await userEvent.click(tabs.getByRole('tab', { name: 'Media Gallery' }));
    const panel = screen.getByRole('tabpanel');
    expect(panel.querySelectorAll('li')).toHaveLength(4);
    expect(within(panel).getByText('+2')).toBeInTheDocument();
    expect(within(panel).getByRole('link')).toHaveAttribute('href', '/tests/media-upload-test.html');
  });

  it('are routed in development and test builds (production leaves them out) and /videos is no placeholder', async () => {
    installFetch(({ path }) => (path === '/api/videos' ? { body: [] } : undefined));
    const { unmount } = renderWithProviders(<AppRoutes />, { route: '/debug-autoplay' });
    expect(await screen.findByRole('heading', { name: 'Autoplay debug' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<AppRoutes />, { route: '/videos' });
    expect(await screen.findByText('No videos available')).toBeInTheDocument();
  });
});
