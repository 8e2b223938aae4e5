import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Browser, Page } from 'playwright-core';

import { loadConfig } from '../../backend/src/platform/config';
import { createLogger } from '../../backend/src/platform/logging';
import { type Runtime, startRuntime } from '../../backend/src/runtime';
import { launchBrowser } from './browser';

export const ROOT = join(__dirname, '../..');

export interface ServedApp {
  runtime: Runtime;
  browser: Browser;
  /** http://127.0.0.1:<port> */
  base: string;
  /** Stops the browser and the server and removes the data folder. */
  close(): Promise<void>;
}

/**
 * The built web app served by the real backend (PGlite in a temp DATA_DIR, in-process queue) on a
 * loopback port, and Debian's Chromium to drive it.
 */
export async function startServedApp(): Promise<ServedApp> {
  const build = spawnSync(process.execPath, ['scripts/build-if-stale.mjs', 'frontend'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`frontend build failed:\n${build.stdout}\n${build.stderr}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'dc-e2e-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    FRONTEND_DIST: join(ROOT, 'frontend/dist'),
  });
  const runtime = await startRuntime(config, createLogger('silent'));
  await runtime.http!.listen(0, '127.0.0.1');
  const { port } = runtime.http!.getHttpServer().address() as { port: number };
  const browser = await launchBrowser();
  return {
    runtime,
    browser,
    base: `http://127.0.0.1:${port}`,
    async close() {
      await browser.close();
      await runtime.shutdown();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Records what must never happen while a member uses the app: uncaught errors in the page (a script,
 * style, image or connection the Content-Security-Policy refused counts as one) and server errors
 * (5xx) on any request it makes.
 */
export function watchForFailures(page: Page): { pageErrors: string[]; serverErrors: string[] } {
  const pageErrors: string[] = [];
  const serverErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(`${error.message}\n${error.stack ?? ''}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy'))
      pageErrors.push(`CSP: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 500)
      serverErrors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return { pageErrors, serverErrors };
}

/** Signs a member in through the real form, as a person would, and waits for the home feed. */
export async function signInThroughForm(page: Page, base: string, member: { email: string; password: string }) {
  await page.goto(base + '/auth');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign In' }).last().click();
  await page.waitForURL(/\/home$/, { timeout: 20_000 });
}
