import { type Browser, chromium, type LaunchOptions } from 'playwright-core';

// The launch options live beside Jest's global setup (plain CommonJS, run before any transform), which
// starts the one shared Chromium with them.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { launchOptions, executablePath } = require('./browser-server.cjs') as {
  launchOptions: (opts?: { full?: boolean }) => LaunchOptions;
  executablePath: (opts?: { full?: boolean }) => string;
};

/**
 * Chromium for a browser suite: the run's shared one (scripts/jest-global-setup.cjs) when there is
 * one and it is the kind asked for, else Debian's Chromium launched for this suite. `full` asks for
 * the full browser rather than the headless shell (Web Push). Closing it closes this suite's contexts
 * and leaves the shared one running for the others.
 */
export function launchBrowser({ full = false }: { full?: boolean } = {}): Promise<Browser> {
  const shared = process.env.DC_BROWSER_WS;
  const sharedFits = !full || executablePath() === executablePath({ full: true });
  return shared && sharedFits ? chromium.connect(shared) : chromium.launch(launchOptions({ full }));
}
