/** Debian's Chromium, headless, with the flags this closed network needs (shared by browser.ts and Jest's global setup). */
const { chromium } = require('playwright-core');

const launchOptions = () => ({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  launchBrowserServer: () => chromium.launchServer(launchOptions()),
};
