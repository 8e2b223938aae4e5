// Lint that holds the code's shape (run by `npm run lint` and by scripts/static-checks.test.ts).
// Type-aware: floating promises and non-exhaustive switches are real bugs in an event-sourced
// app (a lost append, an event type nobody handles). Formatting belongs to Biome's formatter (width
// 120, biome.json); eslint-config-prettier turns off the rules a formatter owns.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-dev/**',
      'coverage/**',
      'data/**',
      'reports/**',
      'artifacts/**',
      'frontend/public/**',
      '**/*.cjs',
      '**/*.mjs',
      '**/*.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
      // Deliberate in this codebase: `!` after a lookup the code has just guaranteed, and empty
      // catch handlers that say why they ignore an error.
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // Tests build partial fixtures and fakes on purpose.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', 'frontend/test/**', 'frontend/e2e/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-empty-function': 'off',
    },
  },
  prettier,
);
