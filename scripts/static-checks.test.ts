/**
 * The tools that hold the codebase's shape, run by `npm test` (so by CI): strict TypeScript over the
 * server and the web app, the dependency rules of ARCHITECTURE.md's boundary table, and ESLint.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const ROOT = join(__dirname, '..');
const bin = (pkg: string, file: string) => join(ROOT, 'node_modules', pkg, file);

function run(args: string[], cwd = ROOT): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, FORCE_COLOR: '0' } },
      (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

const depcruise = (paths: string[], cwd = ROOT) =>
  run(
    [
      bin('dependency-cruiser', 'bin/dependency-cruise.mjs'),
      ...paths,
      '--config',
      join(ROOT, '.dependency-cruiser.cjs'),
      '--output-type',
      'err',
    ],
    cwd,
  );

describe('static checks', () => {
  // Started together rather than one after another: each is a single-threaded process, so together
  // they keep both cores busy instead of one.
  let checks: Record<
    'tscServer' | 'tscWeb' | 'deps' | 'eslint' | 'prettier',
    Promise<{ code: number; output: string }>
  >;
  beforeAll(() => {
    checks = {
      tscServer: run([bin('typescript', 'bin/tsc'), '-p', 'tsconfig.json', '--noEmit']),
      tscWeb: run([bin('typescript', 'bin/tsc'), '-p', 'frontend/tsconfig.json', '--noEmit']),
      deps: depcruise(['backend', 'workers', 'frontend/src', 'contract']),
      eslint: run([bin('eslint', 'bin/eslint.js'), '.', '--max-warnings', '0']),
      prettier: run([bin('prettier', 'bin/prettier.cjs'), '--check', '.', '--log-level', 'warn']),
    };
  });

  it('the server, workers, scripts and tests type-check (strict)', async () => {
    const { code, output } = await checks.tscServer;
    expect(output).toBe('');
    expect(code).toBe(0);
  }, 300_000);

  it('the web app type-checks, translation keys included', async () => {
    const { code, output } = await checks.tscWeb;
    expect(output).toBe('');
    expect(code).toBe(0);
  }, 300_000);

  it('no import crosses a line of the boundary table, and there is no cycle', async () => {
    const { code, output } = await checks.deps;
    expect(output).toContain('no dependency violations found');
    expect(code).toBe(0);
  }, 300_000);

  it('ESLint finds nothing (floating promises, exhaustive switches, type imports, import order)', async () => {
    const { code, output } = await checks.eslint;
    expect(output).toBe('');
    expect(code).toBe(0);
  }, 300_000);

  it('Prettier finds nothing to format (width 120)', async () => {
    const { code, output } = await checks.prettier;
    expect(output).toBe('');
    expect(code).toBe(0);
  }, 300_000);

  describe('the dependency rules catch a bad import', () => {
    let dir: string;
    const file = (path: string, text: string) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    };
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'dc-deps-'));
      file(
        'tsconfig.json',
        JSON.stringify({
          compilerOptions: { baseUrl: '.', paths: { '@modules/*': ['backend/modules/*'], '@/*': ['frontend/src/*'] } },
        }),
      );
      file('backend/modules/profiles/index.ts', "export { AuthorsQuery } from './ports/authors.port';\n");
      file('backend/modules/profiles/ports/authors.port.ts', 'export abstract class AuthorsQuery {}\n');
      file('backend/projections/social/social.projector.ts', 'export const socialProjector = {};\n');
      file('backend/projections/social/index.ts', "export { socialProjector } from './social.projector';\n");
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it("into another module's files", async () => {
      file(
        'backend/modules/social/feed.ts',
        "import { AuthorsQuery } from '@modules/profiles/ports/authors.port';\nexport const x = AuthorsQuery;\n",
      );
      const { code, output } = await depcruise(['backend'], dir);
      expect(output).toContain(
        'module-into-other-module: backend/modules/social/feed.ts → backend/modules/profiles/ports/authors.port.ts',
      );
      expect(code).not.toBe(0);
      // Through the index it is allowed.
      file(
        'backend/modules/social/feed.ts',
        "import { AuthorsQuery } from '@modules/profiles';\nexport const x = AuthorsQuery;\n",
      );
      expect((await depcruise(['backend'], dir)).code).toBe(0);
    }, 60_000);

    it('from a module into a projector', async () => {
      file(
        'backend/modules/social/feed.ts',
        "import { socialProjector } from '../../projections/social/social.projector';\nexport const x = socialProjector;\n",
      );
      const { code, output } = await depcruise(['backend'], dir);
      expect(output).toContain('module-into-projector');
      expect(code).not.toBe(0);
    }, 60_000);

    it("from a web feature into another feature's files", async () => {
      file('frontend/src/features/feed/internal.ts', 'export const feedOnly = 1;\n');
      file('frontend/src/features/feed/index.ts', "export { feedOnly } from './internal';\n");
      file(
        'frontend/src/features/profile/Tab.ts',
        "import { feedOnly } from '@/features/feed/internal';\nexport const tab = feedOnly;\n",
      );
      const { code, output } = await depcruise(['frontend'], dir);
      expect(output).toContain(
        'web-feature-into-other-feature: frontend/src/features/profile/Tab.ts → frontend/src/features/feed/internal.ts',
      );
      expect(code).not.toBe(0);
      file(
        'frontend/src/features/profile/Tab.ts',
        "import { feedOnly } from '@/features/feed';\nexport const tab = feedOnly;\n",
      );
      expect((await depcruise(['frontend'], dir)).code).toBe(0);
    }, 60_000);

    it('in a cycle', async () => {
      file('backend/modules/social/feed.ts', "import { y } from './posts';\nexport const x = () => y;\n");
      file('backend/modules/social/posts.ts', "import { x } from './feed';\nexport const y = () => x;\n");
      const { code, output } = await depcruise(['backend'], dir);
      expect(output).toContain('no-cycle');
      expect(code).not.toBe(0);
    }, 60_000);
  });
});
