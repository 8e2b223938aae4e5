/** Debian's Chromium, headless, with the flags this closed network needs (shared by browser.ts and Jest's global setup). */
const { existsSync } = require('node:fs');
const { chromium } = require('playwright-core');

const FULL = '/usr/bin/chromium';
const SHELL = '/usr/bin/chromium-headless-shell';

/**
 * Which Chromium drives the browser suites: CHROMIUM_PATH when set; else Debian's headless shell
 * (chromium-headless-shell: the same Blink and V8 without the browser's own layers, as Playwright's
 * own headless runs use; the browser suites' Chromium CPU 4.5 -> 3.0 min) when installed; else the
 * full browser. `full` asks for the full browser whatever is installed beside it: Web Push needs it
 * (the headless shell has no push messaging).
 */
function executablePath({ full = false } = {}) {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return !full && existsSync(SHELL) ? SHELL : FULL;
}

const launchOptions = ({ full = false } = {}) => ({
  executablePath: executablePath({ full }),
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

module.exports = {
  launchOptions,
  executablePath,
  launchBrowserServer: () => chromium.launchServer(launchOptions()),
};
