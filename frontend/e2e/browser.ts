import { type Browser, chromium, type LaunchOptions } from 'playwright-core';

// The launch options live beside Jest's global setup (plain CommonJS, run before any transform), which
// starts the one shared Chromium with them.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { launchOptions } = require('./browser-server.cjs') as { launchOptions: () => LaunchOptions };

/**
 * Chromium for a browser suite: the run's shared one (scripts/jest-global-setup.cjs) when there is
 * one, else Debian's Chromium launched for this suite. Closing it closes this suite's contexts and
 * leaves the shared one running for the others.
 */
export function launchBrowser(): Promise<Browser> {
  const shared = process.env.DC_BROWSER_WS;
  return shared ? chromium.connect(shared) : chromium.launch(launchOptions());
}
