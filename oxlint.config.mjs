// Lint that holds the code's shape (`npm run lint`; scripts/static-checks.test.ts through
// scripts/typecheck-and-lint.cjs). Oxlint with tsgolint, which checks types on TypeScript 7's native
// compiler: the strict type check of both tsconfigs and the type-aware rules below in one pass, in
// about a fifth of the CPU tsc and typescript-eslint took. Type-aware because floating promises and
// non-exhaustive switches are real bugs in an event-sourced app (a lost append, an event type nobody
// handles). The rules are ESLint's and typescript-eslint's recommended sets as they apply to
// TypeScript. Formatting belongs to Biome's formatter (biome.json).
//
// A JS config (not .oxlintrc.json) because one rule needs the tree: see `decoratedFiles`.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = process.cwd();
// Dependencies and what builds, tests and the app write: neither linted nor searched for decorators.
const OUTPUT = ['node_modules', 'dist', 'dist-dev', 'coverage', 'data', 'reports', 'artifacts'];
const SKIP = new Set([...OUTPUT, '.git']);

/** The .ts files under `dir`, outside build output and dependencies. */
function* typescriptFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP.has(entry.name)) yield* typescriptFiles(join(dir, entry.name));
    } else if (entry.name.endsWith('.ts')) yield join(dir, entry.name);
  }
}

// A decorator at the start of a line (`@Injectable()`, `@Get(':id')`) or on a parameter (`@Inject(X) x`).
const DECORATOR = /^\s*@[A-Za-z_$][\w$.]*(\(|\s*$)|[(,]\s*@[A-Z][\w$]*\(/m;

/**
 * The server's files that carry decorators. The server compiles with `emitDecoratorMetadata`, so a
 * class named only in a decorated constructor's parameter types is a value at run time (Nest injects
 * by it) although it reads as a type: `import type` there breaks injection. typescript-eslint leaves
 * such files out of consistent-type-imports; Oxlint's rule does not read the compiler options, so the
 * same files are named here. (The web app compiles without decorator metadata: every file is checked.)
 */
function decoratedFiles() {
  const found = [];
  for (const top of readdirSync(ROOT, { withFileTypes: true })) {
    if (!top.isDirectory() || SKIP.has(top.name) || top.name === 'frontend') continue;
    for (const file of typescriptFiles(join(ROOT, top.name)))
      if (DECORATOR.test(readFileSync(file, 'utf8'))) found.push(`**/${relative(ROOT, file)}`);
  }
  return found;
}

const decorated = decoratedFiles();

export default {
  plugins: ['typescript'],
  jsPlugins: ['eslint-plugin-simple-import-sort'],
  options: { typeAware: true, typeCheck: true },
  categories: { correctness: 'off' },
  env: { builtin: true },
  ignorePatterns: [...OUTPUT.map((dir) => `**/${dir}/**`), 'frontend/public/**', '**/*.cjs', '**/*.mjs', '**/*.js'],
  rules: {
    // ESLint's recommended set, less what the compiler already checks in TypeScript.
    'for-direction': 'error',
    'no-array-constructor': 'error',
    'no-async-promise-executor': 'error',
    'no-case-declarations': 'error',
    'no-compare-neg-zero': 'error',
    'no-cond-assign': 'error',
    'no-constant-binary-expression': 'error',
    'no-constant-condition': 'error',
    'no-control-regex': 'error',
    'no-debugger': 'error',
    'no-delete-var': 'error',
    'no-dupe-else-if': 'error',
    'no-duplicate-case': 'error',
    'no-empty': ['error', { allowEmptyCatch: true }],
    'no-empty-character-class': 'error',
    'no-empty-pattern': 'error',
    'no-empty-static-block': 'error',
    'no-ex-assign': 'error',
    'no-extra-boolean-cast': 'error',
    'no-fallthrough': 'error',
    'no-global-assign': 'error',
    'no-invalid-regexp': 'error',
    'no-irregular-whitespace': 'error',
    'no-loss-of-precision': 'error',
    'no-misleading-character-class': 'error',
    'no-nonoctal-decimal-escape': 'error',
    'no-prototype-builtins': 'error',
    'no-regex-spaces': 'error',
    'no-self-assign': 'error',
    'no-shadow-restricted-names': 'error',
    'no-sparse-arrays': 'error',
    'no-unsafe-finally': 'error',
    'no-unsafe-optional-chaining': 'error',
    'no-unused-expressions': 'error',
    'no-unused-labels': 'error',
    'no-unused-private-class-members': 'error',
    'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    'no-useless-backreference': 'error',
    'no-useless-catch': 'error',
    'no-useless-escape': 'error',
    'no-var': 'error',
    'prefer-const': 'error',
    'prefer-rest-params': 'error',
    'prefer-spread': 'error',
    'require-yield': 'error',
    'use-isnan': 'error',
    'valid-typeof': 'error',
    // typescript-eslint's recommended set. Non-null assertions stay allowed: `!` after a lookup the
    // code has just guaranteed is deliberate here.
    'typescript/ban-ts-comment': 'error',
    'typescript/no-duplicate-enum-values': 'error',
    'typescript/no-empty-object-type': 'error',
    'typescript/no-explicit-any': 'error',
    'typescript/no-extra-non-null-assertion': 'error',
    'typescript/no-misused-new': 'error',
    'typescript/no-namespace': 'error',
    'typescript/no-non-null-asserted-optional-chain': 'error',
    'typescript/no-require-imports': 'error',
    'typescript/no-this-alias': 'error',
    'typescript/no-unnecessary-type-constraint': 'error',
    'typescript/no-unsafe-declaration-merging': 'error',
    'typescript/no-unsafe-function-type': 'error',
    'typescript/no-wrapper-object-types': 'error',
    'typescript/prefer-as-const': 'error',
    'typescript/prefer-namespace-keyword': 'error',
    'typescript/triple-slash-reference': 'error',
    // Ours.
    'typescript/no-floating-promises': 'error',
    'typescript/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    'typescript/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    'simple-import-sort/imports': 'error',
    'simple-import-sort/exports': 'error',
  },
  overrides: [
    {
      // Tests build partial fixtures and fakes on purpose.
      files: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', 'frontend/test/**', 'frontend/e2e/**'],
      rules: { 'typescript/no-explicit-any': 'off' },
    },
    ...(decorated.length ? [{ files: decorated, rules: { 'typescript/consistent-type-imports': 'off' } }] : []),
    {
      // The web app's own hook (frontend/src/i18n/useTranslation.ts says why).
      files: ['frontend/src/**'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [
              {
                name: 'react-i18next',
                importNames: ['useTranslation'],
                message: "Use '@/i18n/useTranslation': one shared t per language, no per-component i18n copy.",
              },
            ],
          },
        ],
      },
    },
  ],
};
