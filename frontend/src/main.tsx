import './styles/global.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './App';
import { fetchCsrfToken, sessionCookieSeen } from './app/csrf';
import { takeEarlyCsrf } from './app/early';
import { fetchFirstData } from './app/firstData';
import { preloadFirstScreen } from './app/routes';
import { makeStore } from './app/store';
import { applyTheme, initialTheme } from './features/shell/useTheme';
import { i18nReady } from './i18n';
import { askSessionAtStartUp } from './resources/session';
import { getRootElement } from './root';

/** §9: start-up waits 100 ms after the CSRF token fetch before rendering (and fetching the user). */
export const STARTUP_DELAY_MS = 100;

async function start() {
  applyTheme(initialTheme());
  const root = getRootElement(document);
  // The language's strings load beside the token; neither waits for the other (both may have been
  // asked for by index.html's head already, app/earlyStart.ts).
  await Promise.all([fetchCsrfToken(takeEarlyCsrf()), i18nReady]);
  const { pathname } = window.location;
  const member = sessionCookieSeen();
  // The first screen's data (a member's feed, the catalogue) is asked for before the first render;
  // its small chunk first, ahead of the screen's in the browser's six connections.
  const askFirstData = fetchFirstData(pathname, member);
  // The first screen's code loads beside the session's answer, not after it.
  preloadFirstScreen(pathname, member);
  await new Promise((resolve) => setTimeout(resolve, STARTUP_DELAY_MS));
  const store = makeStore();
  // And a member's session too; a visitor's /me is asked by the root as it mounts.
  if (member) askSessionAtStartUp(store.dispatch);
  askFirstData(store.dispatch);
  // The first render in a task of its own, after the requests have gone out: one long task of a
  // phone's first load becomes two shorter ones (Total Blocking Time, issue 37).
  await new Promise((resolve) => setTimeout(resolve, 0));
  createRoot(root).render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
}

void start();
