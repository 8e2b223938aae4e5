import { act, screen, within } from '@testing-library/react';

import { i18n } from '@/i18n';
import { GUEST_ROUTES, mockFetch, renderWithProviders } from '@/testing/render';

import { BottomBar } from './BottomBar';

/** A matchMedia answering the side navigation's query as `wide`, and telling listeners when it changes. */
function screenWidth(wide: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return wide;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  window.matchMedia = jest.fn(() => query) as unknown as typeof window.matchMedia;
  return (next: boolean) => {
    wide = next;
    act(() => listeners.forEach((listener) => listener()));
  };
}

const tabs = () =>
  within(screen.getByRole('navigation', { name: 'Main navigation' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('BottomBar', () => {
  const matchMedia = window.matchMedia;
  afterEach(async () => {
    window.matchMedia = matchMedia;
    await act(() => i18n.changeLanguage('en'));
  });

  it("says 'Alerts' where seven tabs share a phone's width, and 'Notifications' in the side navigation", async () => {
    mockFetch({ ...GUEST_ROUTES });
    const resize = screenWidth(false);
    renderWithProviders(<BottomBar />);
    expect(tabs()).toEqual(['Home', 'Search', 'Videos', 'Learn', 'Support', 'Alerts', 'Messages']);
    resize(true);
    expect(tabs()).toContain('Notifications');
    resize(false);
    expect(tabs()).toContain('Alerts');
    // Arabic's word fits a phone's tab as it is.
    await act(() => i18n.changeLanguage('ar'));
    expect(screen.getByRole('link', { name: 'الإشعارات' })).toBeInTheDocument();
  });
});
