/**
 * The tools that hold the codebase's shape, run by `npm test` (so by CI): strict TypeScript over the
 * server and the web app and the lint (one Oxlint run on TypeScript 7's native compiler,
 * scripts/typecheck-and-lint.cjs), the dependency rules of ARCHITECTURE.md's boundary table, and the
 * formatter (Biome's, width 120). Each tool also meets a planted tree it must fail on.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const ROOT = join(__dirname, '..');
const bin = (pkg: string, file: string) => join(ROOT, 'node_modules', pkg, file);

function run(args: string[], cwd = ROOT): Promise<{ code: number; output: string; stdout: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, FORCE_COLOR: '0' } },
      (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}`, stdout }),
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

/** Biome's formatter in check mode over `cwd` (exit code 1 and a diff per file it would change). */
const biomeFormat = (cwd: string) =>
  run([bin('@biomejs/biome', 'bin/biome'), 'format', '.', '--colors=off', '--max-diagnostics=50'], cwd);

interface Found {
  errors: number;
  output: string;
}
type Verdicts = Record<'typesServer' | 'typesWeb' | 'lint', Found>;

/** scripts/typecheck-and-lint.cjs over `dir` (the repository unless told): both type checks and the lint. */
async function typecheckAndLint(dir = ROOT): Promise<Verdicts> {
  const { stdout, output } = await run([join(ROOT, 'scripts', 'typecheck-and-lint.cjs'), dir]);
  // Anything on stderr (a tool's warning) is not part of the verdict but is shown if the JSON is missing.
  if (!stdout.startsWith('{')) throw new Error(`typecheck-and-lint printed no result:\n${output}`);
  const parsed = JSON.parse(stdout) as Verdicts & { crashed?: string };
  if (parsed.crashed) throw new Error(parsed.crashed);
  return parsed;
}

// Alone on a quiet machine the checks take about 20 s; beside the rest of the suite on a busy one,
// minutes.
const CHECK_TIMEOUT = 900_000;

describe('static checks', () => {
  // Started together rather than one after another: the cores are shared with the rest of the suite
  // either way, and the slowest check bounds the file's time.
  let shared: ReturnType<typeof typecheckAndLint>;
  let checks: Record<'deps' | 'format', Promise<{ code: number; output: string }>>;
  beforeAll(() => {
    shared = typecheckAndLint();
    // Awaited by their own tests; a crash fails those, not the run.
    shared.catch(() => undefined);
    checks = {
      deps: depcruise(['backend', 'workers', 'frontend/src', 'contract']),
      format: biomeFormat(ROOT),
    };
  });

  it(
    'the server, workers, scripts and tests type-check (strict)',
    async () => {
      expect((await shared).typesServer).toEqual({ errors: 0, output: '' });
    },
    CHECK_TIMEOUT,
  );

  it(
    'the web app type-checks, translation keys included',
    async () => {
      expect((await shared).typesWeb).toEqual({ errors: 0, output: '' });
    },
    CHECK_TIMEOUT,
  );

  it(
    'no import crosses a line of the boundary table, and there is no cycle',
    async () => {
      const { code, output } = await checks.deps;
      expect(output).toContain('no dependency violations found');
      expect(code).toBe(0);
    },
    CHECK_TIMEOUT,
  );

  it(
    'the lint finds nothing (floating promises, exhaustive switches, type imports, import order)',
    async () => {
      expect((await shared).lint).toEqual({ errors: 0, output: '' });
    },
    CHECK_TIMEOUT,
  );

  it(
    'the formatter finds nothing to change (width 120), over the whole tree',
    async () => {
      const { code, output } = await checks.format;
      // On failure the output names each file and the change the formatter would make.
      expect({ code, output: code === 0 ? '' : output }).toEqual({ code: 0, output: '' });
      // A configuration that came to ignore most files would also pass: the count says it did not.
      const checked = Number(/Checked (\d+) files/.exec(output)?.[1] ?? 0);
      expect(checked).toBeGreaterThan(1500);
      expect(output).toContain('No fixes applied');
    },
    CHECK_TIMEOUT,
  );

  it('the formatter check fails on a file it would change, and names it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dc-format-'));
    try {
      // The repository's settings, without its git ignore file (the tree is not a checkout).
      const config = JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8')) as Record<string, unknown>;
      writeFileSync(
        join(dir, 'biome.json'),
        JSON.stringify({ ...config, $schema: undefined, vcs: { enabled: false } }),
      );
      writeFileSync(join(dir, 'tidy.ts'), 'export const tidy = { a: 1 };\n');
      writeFileSync(join(dir, 'ugly.ts'), 'export const ugly  =  {a:1}\n');
      const { code, output } = await biomeFormat(dir);
      expect(code).not.toBe(0);
      expect(output).toContain('ugly.ts');
      expect(output).not.toContain('tidy.ts');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('the type check and the lint catch a planted mistake, and name its file', () => {
    // One tree with one mistake per file, checked once with the repository's config, beside a tidy
    // file and a decorated class whose injected type must stay a value import.
    let found: Verdicts;
    const dir = mkdtempSync(join(tmpdir(), 'dc-lint-'));
    beforeAll(async () => {
      const files: Record<string, string> = {
        'tsconfig.json': JSON.stringify({
          compilerOptions: {
            strict: true,
            target: 'ES2022',
            module: 'preserve',
            moduleResolution: 'bundler',
            lib: ['ES2023'],
            types: [],
            experimentalDecorators: true,
            emitDecoratorMetadata: true,
          },
          include: ['**/*.ts'],
        }),
        'backend/types.ts': "export const count: number = 'three';\n",
        'frontend/src/types.ts': 'export const label: string = 3;\n',
        'backend/promise.ts':
          'async function save(): Promise<void> {}\nexport function submit(): void {\n  save();\n}\n',
        'backend/switch.ts':
          "export function size(kind: 'post' | 'poll'): number {\n  switch (kind) {\n    case 'post':\n      return 1;\n  }\n  return 0;\n}\n",
        'backend/order.ts':
          "import { tidy } from './tidy';\nimport { Service } from './service';\n\nexport const both = [tidy, Service];\n",
        'backend/type-only.ts': "import { Service } from './service';\n\nexport let current: Service | undefined;\n",
        'backend/service.ts': 'export class Service {}\n',
        'backend/injected.ts':
          "import { Service } from './service';\n\nconst Injectable = (): ClassDecorator => () => undefined;\n\n@Injectable()\nexport class Consumer {\n  constructor(readonly service: Service) {}\n}\n",
        'backend/tidy.ts': 'export const tidy = 1;\n',
      };
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
      found = await typecheckAndLint(dir);
    }, 120_000);
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it("a type error, in the server's verdict or the web app's by where it is", () => {
      expect(found.typesServer.output).toContain('backend/types.ts:1:14');
      expect(found.typesServer.output).toContain('[typescript(TS2322)]');
      expect(found.typesServer.output).not.toContain('frontend/');
      expect(found.typesWeb.output).toContain('frontend/src/types.ts:1:14');
      expect(found.typesServer.errors + found.typesWeb.errors).toBe(2);
    });

    it('a floating promise, a switch that misses a case, unsorted imports, a type imported as a value', () => {
      expect(found.lint.output).toMatch(/backend\/promise\.ts:3:\d+ .*\[typescript\(no-floating-promises\)\]/);
      expect(found.lint.output).toMatch(/backend\/switch\.ts:2:\d+ .*\[typescript\(switch-exhaustiveness-check\)\]/);
      expect(found.lint.output).toMatch(/backend\/order\.ts:1:1 .*\[simple-import-sort\(imports\)\]/);
      expect(found.lint.output).toMatch(/backend\/type-only\.ts:1:1 .*\[typescript\(consistent-type-imports\)\]/);
    });

    it('not a tidy file, nor a class injected by its decorated constructor (a value at run time)', () => {
      expect(found.lint.output).not.toContain('tidy.ts');
      expect(found.lint.output).not.toContain('injected.ts');
      expect(found.lint.output).not.toContain('service.ts');
    });
  });

  describe('the dependency rules catch a bad import', () => {
    // One tree holding one bad import per rule, cruised once (each cruise loads TypeScript: ~2 s of
    // CPU), and beside it the same imports done the allowed way, which must pass.
    let bad: { code: number; output: string };
    let allowed: { code: number; output: string };
    const tree = (files: Record<string, string>) => {
      const dir = mkdtempSync(join(tmpdir(), 'dc-deps-'));
      const shared: Record<string, string> = {
        'tsconfig.json': JSON.stringify({
          compilerOptions: { baseUrl: '.', paths: { '@modules/*': ['backend/modules/*'], '@/*': ['frontend/src/*'] } },
        }),
        'backend/modules/profiles/index.ts': "export { AuthorsQuery } from './ports/authors.port';\n",
        'backend/modules/profiles/ports/authors.port.ts': 'export abstract class AuthorsQuery {}\n',
        'backend/projections/social/social.projector.ts': 'export const socialProjector = {};\n',
        'backend/projections/social/index.ts': "export { socialProjector } from './social.projector';\n",
        'backend/modules/learning/index.ts': 'export const formatKes = (cents: number) => String(cents / 100);\n',
        'frontend/src/features/feed/internal.ts': 'export const feedOnly = 1;\n',
        'frontend/src/features/feed/index.ts': "export { feedOnly } from './internal';\n",
      };
      for (const [path, text] of Object.entries({ ...shared, ...files })) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
      return dir;
    };
    const dirs: string[] = [];
    beforeAll(async () => {
      dirs.push(
        tree({
          'backend/modules/social/feed.ts':
            "import { AuthorsQuery } from '@modules/profiles/ports/authors.port';\nexport const x = AuthorsQuery;\n",
          'backend/modules/social/projected.ts':
            "import { socialProjector } from '../../projections/social/social.projector';\nexport const x = socialProjector;\n",
          'frontend/src/features/profile/Tab.ts':
            "import { feedOnly } from '@/features/feed/internal';\nexport const tab = feedOnly;\n",
          'backend/modules/support/amount.ts':
            "import { formatKes } from '@modules/learning';\nexport const x = formatKes;\n",
          'backend/modules/social/cycle-a.ts': "import { y } from './cycle-b';\nexport const x = () => y;\n",
          'backend/modules/social/cycle-b.ts': "import { x } from './cycle-a';\nexport const y = () => x;\n",
        }),
        tree({
          'backend/modules/social/feed.ts':
            "import { AuthorsQuery } from '@modules/profiles';\nexport const x = AuthorsQuery;\n",
          'frontend/src/features/profile/Tab.ts':
            "import { feedOnly } from '@/features/feed';\nexport const tab = feedOnly;\n",
        }),
      );
      [bad, allowed] = await Promise.all([
        depcruise(['backend', 'frontend'], dirs[0]!),
        depcruise(['backend', 'frontend'], dirs[1]!),
      ]);
    }, 60_000);
    afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

    it('fails the cruise, and passes the same imports made through the indexes', () => {
      expect(bad.code).not.toBe(0);
      expect(allowed.output).toContain('no dependency violations found');
      expect(allowed.code).toBe(0);
    });

    it("into another module's files", () => {
      expect(bad.output).toContain(
        'module-into-other-module: backend/modules/social/feed.ts → backend/modules/profiles/ports/authors.port.ts',
      );
    });

    it('from a module into a projector', () => {
      expect(bad.output).toContain(
        'module-into-projector: backend/modules/social/projected.ts → backend/projections/social/social.projector.ts',
      );
    });

    it("from a web feature into another feature's files", () => {
      expect(bad.output).toContain(
        'web-feature-into-other-feature: frontend/src/features/profile/Tab.ts → frontend/src/features/feed/internal.ts',
      );
    });

    it('from support into learning, even through its index (donations pay through the payments module)', () => {
      expect(bad.output).toContain(
        'support-into-learning: backend/modules/support/amount.ts → backend/modules/learning/index.ts',
      );
    });

    it('in a cycle', () => {
      expect(bad.output).toMatch(/no-cycle: backend\/modules\/social\/cycle-[ab]\.ts → /);
    });
  });
});
