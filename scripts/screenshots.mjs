#!/usr/bin/env node
// `npm run screenshots`: the screens members see, at a phone's 390 px and a desktop's 1280 px, in
// English and Arabic, as docs/screenshots shows them (issue 40). The browser suites take them on the
// way (DC_SCREENSHOTS=1: the six journeys at their moments, every route once signed in) into
// artifacts/; here they become small WebP files beside an index page, so a reader of the repository
// sees the app without running it. Nothing here is drawn by hand: run it again after a change to the
// screens and commit what it writes.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import sharp from 'sharp';

import { ROOT } from './build-if-stale.mjs';

const SUITES = [
  'frontend/e2e/journey-post-learn.e2e.test.ts',
  'frontend/e2e/journey-teach-support.e2e.test.ts',
  'frontend/e2e/journey-chat-report.e2e.test.ts',
  'frontend/e2e/every-route.e2e.test.ts',
];
const SETS = {
  journeys: 'The six journeys of spec part 2, at the moments the journey tests check',
  routes: 'Every screen, signed in (a member, then a moderator)',
};
const SHOT = /^(.+)-(en|ar)-(390|1280)\.png$/;
const OUT = join(ROOT, 'docs', 'screenshots');

const artifacts = join(ROOT, 'artifacts');
for (const set of Object.keys(SETS)) rmSync(join(artifacts, set), { recursive: true, force: true });
const jest = spawnSync(
  process.execPath,
  [
    '--experimental-vm-modules',
    '--no-warnings=ExperimentalWarning',
    join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'),
    '--maxWorkers=2',
    ...SUITES,
  ],
  { cwd: ROOT, stdio: 'inherit', env: { ...process.env, DC_SCREENSHOTS: '1' } },
);
if (jest.status !== 0) {
  console.error('screenshots: a browser suite failed; nothing written');
  process.exit(1);
}

rmSync(OUT, { recursive: true, force: true });
const index = [
  '# Screenshots',
  '',
  'Written by `npm run screenshots` (scripts/screenshots.mjs) from the browser suites; do not edit by hand.',
  '',
];
for (const [set, title] of Object.entries(SETS)) {
  mkdirSync(join(OUT, set), { recursive: true });
  const names = new Set();
  for (const file of readdirSync(join(artifacts, set)).sort()) {
    const match = SHOT.exec(file);
    if (!match) continue;
    names.add(match[1]);
    await sharp(join(artifacts, set, file))
      .webp({ quality: 60 })
      .toFile(join(OUT, set, file.replace(/\.png$/, '.webp')));
  }
  index.push(
    `## ${title}`,
    '',
    '| screen | English 390 | English 1280 | Arabic 390 | Arabic 1280 |',
    '| --- | --- | --- | --- | --- |',
  );
  for (const name of names) {
    const cells = ['en-390', 'en-1280', 'ar-390', 'ar-1280'].map(
      (v) => `<img src="${set}/${name}-${v}.webp" alt="${name}, ${v} px" width="${v.endsWith('1280') ? 320 : 130}">`,
    );
    index.push(`| ${name} | ${cells.join(' | ')} |`);
  }
  index.push('');
}
writeFileSync(join(OUT, 'README.md'), index.join('\n'));
console.log(`screenshots: written to ${OUT}`);
