import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Member } from '@testing/members';
import { registerVerifiedMember } from '@testing/verified-member';
import type { BrowserContext, Page, Route } from 'playwright-core';

import {
  checkBothWidths,
  keepScreenshot,
  LOOKS,
  NO_SERVICE_WORKER,
  preferLook,
  ROOT,
  type ServedApp,
  signInThroughForm,
  startServedApp,
  waitForLook,
  watchForFailures,
} from './served-app';

/**
 * Issue 18's "Must show" for video: a clip picked in the composer, sent in 1 MB chunks with visible
 * progress, paused, resumed and posted, then playing in /videos — through the real server and worker;
 * then the feed, the composer's video mode and its drafts in English and Arabic, light and dark, at
 * 390 px and 1280 px, without sideways scrolling, as screenshots in artifacts/.
 */

const WAIT = { timeout: 20_000 };
const MB = 1024 * 1024;

describe('posting a video in resumable chunks, then watching it (Chromium)', () => {
  let app: ServedApp;
  let context: BrowserContext;
  let page: Page;
  let failures: ReturnType<typeof watchForFailures>;
  let scratch: string;
  let clipPath: string;
  let member: Member;
  const caption = `Dhikr by the sea ${Date.now().toString(36)}`;

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'dc-video-e2e-'));
    clipPath = join(scratch, 'sea.mp4');
    // Four seconds of noisy picture at 5 Mbit/s: about 2.5 MB, i.e. three 1 MB chunks.
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-t', '4', '-vf', 'noise=alls=40:allf=t', '-c:v', 'libx264', '-preset', 'ultrafast'],
      ...['-b:v', '5M', '-maxrate', '5M', '-bufsize', '2M', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
      ...['-movflags', '+faststart', clipPath],
    ]);
    expect(statSync(clipPath).size).toBeGreaterThan(2 * MB);
    app = await startServedApp();
    member = await registerVerifiedMember(app.runtime);
    context = await app.browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'en-US',
      ...NO_SERVICE_WORKER,
    });
    page = await context.newPage();
    failures = watchForFailures(page);
    page.setDefaultTimeout(20_000);
    await signInThroughForm(page, app.base, member);
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await app?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('picks, uploads with progress, pauses, resumes, posts, and plays it in /videos', async () => {
    await page.goto(app.base + '/compose?mode=video');
    await page.getByRole('heading', { name: 'Create Video Post' }).waitFor(WAIT);
    await page.getByTestId('video-input').setInputFiles(clipPath);
    await page.getByText('640 x 360').waitFor(WAIT);
    await page.getByText('sea.mp4').waitFor(WAIT);
    await page.getByText(`${(statSync(clipPath).size / MB).toFixed(1)} MB`).waitFor(WAIT);
    await page.getByLabel('Caption').fill(caption);
    await keepScreenshot(page, 'video-compose-en-light', { fullPage: true });

    // The second chunk is held on its way out, so the upload can be seen part-way and paused there.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holdSecondChunk = async (route: Route) => {
      await held;
      await route.continue().catch(() => undefined); // the pause aborted it
    };
    await page.route('**/api/uploads/*/chunk/1', holdSecondChunk);

    await page.getByRole('button', { name: 'Post Video' }).click();
    await page.getByRole('button', { name: 'Posting...' }).waitFor(WAIT);
    expect(await page.getByRole('button', { name: 'Back' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Caption').isDisabled()).toBe(true);
    await page.getByText('33% · 1 of 3 chunks').waitFor(WAIT);

    await page.getByRole('button', { name: 'Pause upload' }).click();
    await page.getByText('Upload paused').waitFor(WAIT);
    await keepScreenshot(page, 'video-compose-paused-en-light', { fullPage: true });
    await page.unroute('**/api/uploads/*/chunk/1', holdSecondChunk);
    release();

    const chunks: string[] = [];
    page.on('response', (r) => {
      if (/\/api\/uploads\/[^/]+\/chunk\/\d+$/.test(r.url())) chunks.push(`${r.url().split('/').pop()} ${r.status()}`);
    });
    await page.getByRole('button', { name: 'Resume upload' }).click();
    await page.getByText('Video posted successfully!').waitFor(WAIT);
    await page.waitForURL(/\/videos$/, WAIT);
    // Only what the server did not have was sent again.
    expect(chunks.every((c) => !c.startsWith('0 '))).toBe(true);
    expect(chunks.some((c) => c.startsWith('2 '))).toBe(true);

    // The feed lists a clip once transcoded; the media_processed push (or a reload) brings it in.
    const item = page.locator('.video-feed__item', { hasText: caption });
    for (let attempt = 0; attempt < 30 && !(await item.count()); attempt++) {
      await page.waitForTimeout(1000);
      if (attempt % 5 === 4) await page.reload();
    }
    await item.waitFor(WAIT);
    // Playing, muted until the first interaction (the feed's autoplay manager).
    await page.waitForFunction(
      `(() => {
        const section = Array.from(document.querySelectorAll('.video-feed__item'))
          .find((s) => s.textContent.includes(${JSON.stringify(caption)}));
        const video = section && section.querySelector('video');
        return !!video && !video.paused && video.currentTime > 0 && video.muted;
      })()`,
      undefined,
      WAIT,
    );
    await page.getByRole('button', { name: 'Tap to enable sound' }).waitFor(WAIT);
    await keepScreenshot(page, 'videos-en-light');
    expect(failures.pageErrors).toEqual([]);
    expect(failures.serverErrors).toEqual([]);
  }, 120_000);

  it('shows the video feed, the video composer and its drafts in both languages and themes at 390 and 1280 px', async () => {
    const saved = await member.agent
      .post('/api/posts/video/drafts')
      .set('X-CSRF-Token', member.token)
      .send({
        caption: 'Jumuah reminder, to finish',
        videoFile: { name: 'jumuah.mp4', size: 2_400_000, type: 'video/mp4' },
      });
    expect(saved.status).toBe(201);
    const arVideos = JSON.parse(readFileSync(join(ROOT, 'frontend/src/features/videos/locales/ar.json'), 'utf8')) as {
      compose: { title: string; drafts: string };
    };

    for (const look of LOOKS) {
      const english = look[0] === 'en';
      await preferLook(page, look);
      await page.goto(app.base + '/videos');
      await waitForLook(page, look);
      await page.locator('.video-feed__item', { hasText: caption }).waitFor(WAIT);
      await checkBothWidths(page, 'videos', look);

      await page.goto(app.base + '/compose?mode=video');
      await waitForLook(page, look);
      await page.getByRole('heading', { name: english ? 'Create Video Post' : arVideos.compose.title }).waitFor(WAIT);
      await checkBothWidths(page, 'video-compose', look);

      const drafts = page.locator('.video-compose__drafts');
      await drafts.locator('summary').click();
      await drafts.getByText('Jumuah reminder, to finish').waitFor(WAIT);
      await drafts.scrollIntoViewIfNeeded();
      await checkBothWidths(page, 'video-drafts', look);
    }
    expect(failures.pageErrors).toEqual([]);
    expect(failures.serverErrors).toEqual([]);
  }, 120_000);
});
