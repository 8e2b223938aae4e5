/**
 * The server project loads the modules its test files import once per Jest worker
 * (scripts/jest-shared-runtime.cjs, scripts/jest-shared-environment.cjs). What that must not change:
 * a spy or a fake clock one file leaves behind is gone for the next, each file runs its own copy of
 * itself and its own hooks, and stack traces still name the TypeScript lines. Checked by running
 * Jest with those two files over a planted tree; and the server tests keep away from what sharing
 * cannot honour (replacing modules, resetting the registry).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..');

const PLANTED: Record<string, string> = {
  'clock.ts': `
    (globalThis as { evaluations?: number }).evaluations = ((globalThis as { evaluations?: number }).evaluations ?? 0) + 1;
    export const clock = { now: () => Date.now(), today: () => new Date().toDateString() };
  `,
  // First imported by the last file, so the worker's shared loader reads it while that file runs.
  'late.ts': `
    // Types the compiler drops, so the thrown line moves in the JavaScript Jest runs.
    interface Unused {
      a: string;
      b: number;
    }
    export type AlsoUnused = Unused | undefined;
    export function fails(): never {
      throw new Error('from a shared module');
    }
  `,
  // The worker's first file (its runtime loads the shared modules) and a later one each leave a spy
  // and fake timers behind on purpose: the third must see neither.
  'a.test.ts': `
    import { clock } from './clock';
    it('spies on the clock and fakes timers without restoring either', () => {
      jest.spyOn(clock, 'today').mockReturnValue('never');
      jest.useFakeTimers({ now: 5 });
      expect(clock.today()).toBe('never');
    });
  `,
  'b.test.ts': `
    import { clock } from './clock';
    it('does the same from a later file', () => {
      jest.spyOn(clock, 'now').mockReturnValue(1);
      jest.useFakeTimers({ now: 5 });
      expect([clock.now(), Date.now()]).toEqual([1, 5]);
    });
    it('hands out timers that unref, as Node does, from legacy fake timers too', () => {
      jest.useFakeTimers({ legacyFakeTimers: true });
      expect(typeof setTimeout(() => undefined, 10).unref).toBe('function');
      jest.useRealTimers();
    });
  `,
  'c.test.ts': `
    import { clock } from './clock';
    import { fails } from './late';
    const counts = (globalThis as { evaluations?: number }).evaluations;
    it('sees the real clock, one evaluation of the shared module, and a mapped stack', () => {
      expect([jest.isMockFunction(clock.now), jest.isMockFunction(clock.today)]).toEqual([false, false]);
      expect(Date.now()).toBeGreaterThan(1_000_000);
      expect(counts).toBe(1);
      let stack = '';
      try { fails(); } catch (error) { stack = (error as Error).stack ?? ''; }
      expect(stack).toMatch(/late\\.ts:9:13/);
    });
  `,
};

function runJest(dir: string): Promise<{ code: number; output: string }> {
  const config = {
    rootDir: dir,
    testEnvironment: join(ROOT, 'scripts', 'jest-shared-environment.cjs'),
    runtime: join(ROOT, 'scripts', 'jest-shared-runtime.cjs'),
    transform: {
      '^.+\\.ts$': [require.resolve('@swc/jest'), { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }],
    },
    testSequencer: join(dir, 'sequencer.cjs'),
  };
  writeFileSync(join(dir, 'jest.config.json'), JSON.stringify(config));
  // a.test.ts first, always (Jest's own order follows its timing cache).
  const base = JSON.stringify(require.resolve('@jest/test-sequencer'));
  writeFileSync(
    join(dir, 'sequencer.cjs'),
    `module.exports = class extends require(${base}).default { sort(tests) { return [...tests].sort((a, b) => a.path.localeCompare(b.path)); } };`,
  );
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'), '--config', join(dir, 'jest.config.json'), '--runInBand'],
      { cwd: ROOT, env: { ...process.env, FORCE_COLOR: '0' } },
      (err, stdout, stderr) => resolve({ code: err ? 1 : 0, output: `${stdout}${stderr}` }),
    );
  });
}

describe('modules shared by the test files of one worker', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'dc-shared-modules-'));
    for (const [name, text] of Object.entries(PLANTED)) writeFileSync(join(dir, name), text);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps no spy or fake clock past its file, evaluates a shared module once and maps its stack', async () => {
    const { code, output } = await runJest(dir);
    // On failure the diff shows Jest's whole report.
    expect({ code, passed: output.match(/Tests:.*/)?.[0], output: code ? output : '' }).toEqual({
      code: 0,
      passed: 'Tests:       4 passed, 4 total',
      output: '',
    });
  }, 60_000);

  it('fails when the next file would see them (the planted check can fail)', async () => {
    writeFileSync(join(dir, 'c.test.ts'), PLANTED['c.test.ts']!.replace('toBe(1);\n      let', 'toBe(2);\n      let'));
    const { code, output } = await runJest(dir);
    expect(code).toBe(1);
    expect(output).toContain('Expected: 2');
  }, 60_000);
});

describe('server tests use nothing a shared module registry cannot honour', () => {
  const roots = ['backend', 'workers', 'infra', 'scripts', 'frontend/e2e', 'frontend/build', 'load-tests'];
  const files = roots.flatMap((root) => walk(join(ROOT, root))).filter((file) => file.endsWith('.ts'));
  const offending = (pattern: RegExp, which: (file: string) => boolean) =>
    files.filter((file) => which(file) && pattern.test(readFileSync(file, 'utf8'))).map((f) => relative(ROOT, f));
  const isTest = (file: string) => file.endsWith('.test.ts') && !file.endsWith('shared-modules.test.ts');

  it('replaces or resets no module', () => {
    const replaces = /jest\.(mock|doMock|unmock|setMock|resetModules|isolateModules\w*|requireActual)\(|@jest\/globals/;
    expect(offending(replaces, isTest)).toEqual([]);
  });

  // A helper is evaluated once per worker: hooks it registered on import would serve the first file
  // only, and the `jest` it sees is the first file's (its mocks would not end with the file using them).
  it('has no helper that registers hooks when imported or uses the jest object', () => {
    const shared = /^(beforeAll|afterAll|beforeEach|afterEach|describe|it|test)\(|\bjest\.\w+\(/m;
    expect(offending(shared, (file) => !file.endsWith('.test.ts'))).toEqual([]);
  });
});

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist') return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}
