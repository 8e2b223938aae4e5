import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import ts from 'typescript';

/**
 * `npm start` compiles the server with tsconfig.build.json, which leaves tests and test support
 * (`testing/` folders) out and has no Jest types. A test helper kept beside production code (a
 * contract suite in `receipts/` once) type-checks under tsconfig.json, so the static checks pass,
 * and only the newcomer's `npm start` fails. This reads the build's own file list, no compile.
 */
const root = join(__dirname, '..');

function buildSources(): string[] {
  const path = join(root, 'tsconfig.build.json');
  const { config } = ts.readConfigFile(path, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, root, undefined, path).fileNames;
}

const TEST_RUNNER = /(^|[^.\w$])(describe|expect|it|test)\(\s*['"`]?|from '@jest\/globals'|\bjest\.(fn|mock|spyOn)\(/m;

describe('the server build (npm start)', () => {
  it('compiles no test code: test runner globals only in *.test.ts and testing/ folders', () => {
    const files = buildSources();
    expect(files.length).toBeGreaterThan(500);
    expect(files.some((f) => f.endsWith('backend/src/main.ts'))).toBe(true);
    const offenders = files
      .filter((f) => TEST_RUNNER.test(readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')))
      .map((f) => relative(root, f));
    expect(offenders).toEqual([]);
  });
});
