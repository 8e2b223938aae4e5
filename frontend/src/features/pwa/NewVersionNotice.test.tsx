import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderWithProviders } from '@/testing/render';

import { NewVersionNotice } from './NewVersionNotice';

const registered: ((takeOver: () => void) => void)[] = [];
jest.mock('./serviceWorker', () => ({
  registerServiceWorker: (onWaiting: (takeOver: () => void) => void) => {
    registered.push(onWaiting);
    return Promise.resolve();
  },
}));

/** Past the fallback's 1.5 s (jsdom has no requestIdleCallback) on a fake clock, and the import after it. */
async function idle() {
  await act(async () => {
    jest.advanceTimersByTime(1600);
    await Promise.resolve();
  });
}

describe('the new version notice', () => {
  const env = process.env.NODE_ENV;
  beforeEach(() => {
    jest.useFakeTimers({ advanceTimers: true });
    registered.length = 0;
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: {} });
  });
  afterEach(() => {
    jest.useRealTimers();
    process.env.NODE_ENV = env;
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  });

  it('registers the service worker once the page is idle, and offers the waiting version', async () => {
    process.env.NODE_ENV = 'production';
    const takeOver = jest.fn();
    renderWithProviders(<NewVersionNotice />);
    expect(registered).toHaveLength(0);
    await idle();
    expect(registered).toHaveLength(1);
    expect(screen.queryByRole('status')).toBeNull();

    act(() => registered[0]!(takeOver));
    expect(screen.getByRole('status')).toHaveTextContent(
      'A new version of DeenConnect is ready. It opens on your next visit.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reload now' }));
    expect(takeOver).toHaveBeenCalledTimes(1);
  });

  it('can be put off until the next visit', async () => {
    process.env.NODE_ENV = 'production';
    renderWithProviders(<NewVersionNotice />);
    await idle();
    act(() => registered[0]!(jest.fn()));
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('registers nothing in a development build, where a cached shell would hide the changes', async () => {
    renderWithProviders(<NewVersionNotice />);
    await idle();
    expect(registered).toHaveLength(0);
  });
});
