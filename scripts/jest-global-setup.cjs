/**
 * Once per Jest run, before any suite: PostgreSQL and Redis probed for every file
 * (scripts/test-services.cjs), ffmpeg and ffprobe chosen for every app the suites start; and when the run may include the browser suites (no path pattern,
 * or one naming e2e), one Chromium for all of them (frontend/e2e/browser.ts connects to it; each
 * suite opens contexts, not a browser of its own) and the web app builds started in the background
 * (frontend/e2e/served-app.ts waits for them), so neither waits in a suite's time.
 */
const { spawn } = require('node:child_process');
const { mkdtempSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const { probeServices } = require('./test-services.cjs');

/**
 * The ffmpeg and ffprobe an app with the default settings would choose, chosen once for every app the
 * suites start (backend/src/platform/testing/services.ts withRunMediaTools), by the server's own code.
 */
function probeMediaTools() {
  require('./ts-register.cjs');
  const { resolveMediaTools } = require('../backend/src/platform/media-tools/media-tools.ts');
  return resolveMediaTools({ ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' });
}

const ROOT = join(__dirname, '..');

module.exports = async (globalConfig) => {
  const [services, mediaTools] = await Promise.all([probeServices(), probeMediaTools()]);
  process.env.DC_TEST_SERVICES = JSON.stringify(services);
  process.env.DC_TEST_MEDIA_TOOLS = JSON.stringify(mediaTools);
  const patterns = globalConfig.testPathPatterns?.patterns ?? [];
  if (patterns.length > 0 && !patterns.some((p) => /e2e/.test(p))) return;
  const run = mkdtempSync(join(tmpdir(), 'dc-jest-run-'));
  process.env.DC_TEST_RUN_DIR = run;

  // The production and development web apps; their exit code lands in a file the suites wait for.
  const build = spawn(process.execPath, ['scripts/build-if-stale.mjs', 'frontend', 'frontend-dev'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  build.stderr.on('data', (chunk) => (errors += chunk));
  build.on('exit', (code) => writeFileSync(join(run, 'web-build.status'), JSON.stringify({ code, errors })));
  build.on('error', (err) =>
    writeFileSync(join(run, 'web-build.status'), JSON.stringify({ code: 1, errors: String(err) })),
  );

  const { launchBrowserServer } = require('../frontend/e2e/browser-server.cjs');
  try {
    const server = await launchBrowserServer();
    globalThis.__DC_BROWSER_SERVER__ = server;
    process.env.DC_BROWSER_WS = server.wsEndpoint();
  } catch (err) {
    // The suites launch their own and fail there, by name, with the reason.
    process.stderr.write(`[jest] no shared Chromium: ${err.message}\n`);
  }
};
