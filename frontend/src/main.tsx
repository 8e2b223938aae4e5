import './i18n';
import './styles/global.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './App';
import { fetchCsrfToken } from './app/csrf';
import { makeStore } from './app/store';
import { applyTheme, initialTheme } from './features/shell/useTheme';
import { getRootElement } from './root';

/** §9: start-up waits 100 ms after the CSRF token fetch before rendering (and fetching the user). */
export const STARTUP_DELAY_MS = 100;

async function start() {
  applyTheme(initialTheme());
  const root = getRootElement(document);
  await fetchCsrfToken();
  await new Promise((resolve) => setTimeout(resolve, STARTUP_DELAY_MS));
  const store = makeStore();
  createRoot(root).render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
}

void start();
