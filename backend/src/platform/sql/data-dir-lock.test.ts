import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { lockDataDir } from './data-dir-lock';

describe('lockDataDir', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'dc-lock-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a directory held by a live process and names it', () => {
    // The parent of this test is alive and not us.
    writeFileSync(join(dir, '.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by process ${process.ppid}`));
  });

  it('takes over a lock left by a dead process, and releases it', () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    writeFileSync(join(dir, '.lock'), dead);
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, '.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(() => readFileSync(join(dir, '.lock'))).toThrow();
  });
});
