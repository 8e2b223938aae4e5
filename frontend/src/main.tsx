import './styles/global.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './App';
import { fetchCsrfToken, sessionCookieSeen } from './app/csrf';
import { preloadFirstScreen } from './app/routes';
import { makeStore } from './app/store';
import { applyTheme, initialTheme } from './features/shell/useTheme';
import { i18nReady } from './i18n';
import { getRootElement } from './root';

/** §9: start-up waits 100 ms after the CSRF token fetch before rendering (and fetching the user). */
export const STARTUP_DELAY_MS = 100;

async function start() {
  applyTheme(initialTheme());
  const root = getRootElement(document);
  // The language's strings load beside the token; neither waits for the other.
  await Promise.all([fetchCsrfToken(), i18nReady]);
  const { pathname } = window.location;
  const member = sessionCookieSeen();
  // The first screen's code loads beside the session's answer, not after it.
  preloadFirstScreen(pathname, member);
  await new Promise((resolve) => setTimeout(resolve, STARTUP_DELAY_MS));
  const store = makeStore();
  // And a member's home feed is asked for beside it too.
  if (member && (pathname === '/' || pathname === '/home'))
    void import('./features/feed').then(({ prefetchHomeFeed }) => prefetchHomeFeed(store.dispatch));
  createRoot(root).render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
}

void start();
