import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { MediaDoc } from '@projections/media';
import type { Member } from '@testing/members';
import { registerVerifiedMember } from '@testing/verified-member';
import type { BrowserContext, Page } from 'playwright-core';

import { APP_VERSION } from '../../backend/modules/system';
import { largePhoto } from './photos';
import {
  checkBothWidths,
  LOOKS,
  NO_SERVICE_WORKER,
  PHONE,
  preferLook,
  type ServedApp,
  signInThroughForm,
  startServedApp,
  waitForLook,
  watchForFailures,
} from './served-app';

/**
 * The development pages (spec part 2 §2) in a development build of the web app, served by the real
 * backend: /auth-debug's full auth flow, the media pages, and the §5 uploader resizing a large image
 * to WebP in the browser. The production build leaves these pages out (status.e2e.test.ts).
 */

const WAIT = { timeout: 20_000 };

describe('development pages in a development build (Chromium)', () => {
  let app: ServedApp;
  let member: Member;
  let context: BrowserContext;
  let page: Page;
  let failures: ReturnType<typeof watchForFailures>;
  let scratch: string;

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'dc-dev-pages-'));
    app = await startServedApp({ build: 'development' });
    member = await registerVerifiedMember(app.runtime);
    context = await app.browser.newContext({
      viewport: PHONE,
      locale: 'en-US',
      colorScheme: 'light',
      ...NO_SERVICE_WORKER,
    });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    failures = watchForFailures(page);
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await app?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('runs the full auth flow from /auth-debug against the real API, every step as expected', async () => {
    await page.goto(app.base + '/auth-debug');
    await page.getByText('All systems running').waitFor(WAIT);
    const body = await page.textContent('body');
    // The engines the server reports (health), whichever profile this suite runs on.
    const { eventStore, queue } = (await (await fetch(`${app.base}/api/auth/health`)).json()) as Record<string, string>;
    for (const fact of ['DeenConnect', 'Connecting the Ummah', APP_VERSION, eventStore!, queue!])
      expect(body).toContain(fact);
    // Diagnostics ran on load: their rows are there, coloured by outcome.
    const rows = page.getByRole('list', { name: 'Results' }).getByRole('listitem');
    await expect(rows.filter({ hasText: 'GET /api/auth/cookies-hint' }).getAttribute('data-tone')).resolves.toBe(
      'success',
    );
    await page.getByRole('button', { name: 'Test Full Auth Flow' }).click();
    await page.getByText('Full auth flow passed: every step answered as expected.').waitFor(WAIT);
    await expect(page.locator('[data-expected="true"]').count()).resolves.toBe(9);
    await expect(page.locator('[data-expected="false"]').count()).resolves.toBe(0);

    for (const look of LOOKS) {
      await preferLook(page, look);
      await page.reload();
      await waitForLook(page, look);
      await page.locator('[data-tone]').nth(3).waitFor(WAIT);
      await checkBothWidths(page, 'auth-debug', look);
    }
    expect(failures.pageErrors).toEqual([]);
    expect(failures.serverErrors).toEqual([]);
  }, 90_000);

  it('shows the autoplay and media test pages in English and Arabic, light and dark, at 390 and 1280 px', async () => {
    await preferLook(page, ['en', 'light']);
    await signInThroughForm(page, app.base, member);
    const pages = [
      ['/debug-autoplay', 'debug-autoplay'],
      ['/test-autoplay', 'test-autoplay'],
      ['/test-working-autoplay', 'test-working-autoplay'],
      ['/media-test', 'media-test'],
    ] as const;
    for (const look of LOOKS) {
      await preferLook(page, look);
      for (const [path, name] of pages) {
        await page.goto(app.base + path);
        await waitForLook(page, look);
        await page.locator('main h1').first().waitFor(WAIT);
        await checkBothWidths(page, name, look);
      }
    }
    expect(failures.pageErrors).toEqual([]);
    expect(failures.serverErrors).toEqual([]);
  }, 120_000);

  it('resizes a 3000 × 2000 photo to a 2048 px WebP in the browser before the uploader sends it', async () => {
    const photo = join(scratch, 'large-photo.png');
    await largePhoto(photo);
    expect(statSync(photo).size).toBeGreaterThan(1_000_000);

    await preferLook(page, ['en', 'light']);
    await page.goto(app.base + '/media-test');
    await page.getByRole('tab', { name: 'Upload Test' }).waitFor(WAIT);
    // Decoding, scaling and encoding six megapixels takes the browser seconds alone and far more on a
    // loaded machine (20 s ran out beside the rest of the suite).
    const init = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/uploads/init'), {
      timeout: 90_000,
    });
    await page.locator('.media-uploader input[type="file"]').setInputFiles(photo);
    const declared = (await init).postDataJSON() as {
      filename: string;
      fileType: string;
      fileSize: number;
      metadata: { width: number; height: number };
    };
    await page.locator('.upload-item[data-status="completed"]').waitFor(WAIT);
    const mediaId = (await page.getByText(/^Media ids: /).textContent())!.replace('Media ids: ', '').trim();

    // What the browser declared: a WebP of 2048 × 1365, the original's proportions.
    expect(declared).toMatchObject({
      filename: 'large-photo.webp',
      fileType: 'image/webp',
      metadata: { width: 2048, height: 1365 },
    });
    // What it sent, as the server reads the stored bytes (type sniffed, never taken from the name;
    // size from decoding it when the variants are made).
    const media = app.runtime.readModels.collection<MediaDoc>('media');
    let stored = await media.get(mediaId);
    // Five widths in three formats are made first (AVIF is slow on a busy machine).
    for (let i = 0; i < 120 && stored?.status === 'processing'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      stored = await media.get(mediaId);
    }
    expect(stored).toMatchObject({
      status: 'ready',
      kind: 'image',
      mime: 'image/webp',
      bytes: declared.fileSize,
      width: 2048,
      height: 1365,
    });
    expect(failures.pageErrors).toEqual([]);
    expect(failures.serverErrors).toEqual([]);
  }, 150_000);
});
