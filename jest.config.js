/** One Jest run for the whole repository: server code (node) and frontend unit tests. */
const { jestModuleNameMapper, preactForReact } = require('./scripts/aliases.cjs');

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
    // Maps beside the code, not inlined (@swc/jest's default): every suite compiles ~2,100 modules,
    // and inline maps doubled the text V8 parses (an import of the whole app 2.82 -> 2.60 s); Jest
    // still maps stack traces to the TypeScript lines.
    sourceMaps: true,
  },
];
// DC_SUITE_CPU=<file> npm test: each suite's CPU (loading, tests, child processes) appended to <file>;
// `node scripts/suite-cpu.cjs <file>` sums it by kind of suite (docs/performance.md, CI time).
// DC_SUITE_PROF=<dir> npm test: each suite's V8 CPU profile written to <dir>; `node
// scripts/suite-profile.cjs <dir>` sums them by where the code lives.
const suiteCpu = [
  ...(process.env.DC_SUITE_CPU ? ['<rootDir>/scripts/suite-cpu.cjs'] : []),
  ...(process.env.DC_SUITE_PROF ? ['<rootDir>/scripts/suite-profile.cjs'] : []),
];

module.exports = {
  projects: [
    {
      displayName: 'server',
      testEnvironment: '<rootDir>/scripts/jest-shared-environment.cjs',
      runtime: '<rootDir>/scripts/jest-shared-runtime.cjs',
      roots: [
        '<rootDir>/backend',
        '<rootDir>/workers',
        '<rootDir>/infra',
        '<rootDir>/scripts',
        '<rootDir>/frontend/e2e',
        '<rootDir>/frontend/build',
        '<rootDir>/load-tests',
      ],
      testMatch: ['**/*.test.ts'],
      transform: { '^.+\\.(t|j)sx?$': swc },
      moduleNameMapper: jestModuleNameMapper(),
      setupFiles: ['reflect-metadata', '<rootDir>/scripts/jest-env.cjs'],
      setupFilesAfterEnv: suiteCpu,
      // ESM-only dependencies (Node >= 20.19 requires them natively; Jest's sandbox cannot).
      transformIgnorePatterns: ['/node_modules/(?!(content-disposition)/)'],
    },
    {
      displayName: 'web',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/frontend/src'],
      testMatch: ['**/*.test.ts?(x)'],
      // The components run on Preact, as the built app does (frontend/vite.config.ts); Preact ships
      // ES modules only, so Jest transforms them like our own code.
      moduleFileExtensions: ['js', 'mjs', 'cjs', 'jsx', 'ts', 'tsx', 'json', 'node'],
      transform: { '^.+\\.m?(t|j)sx?$': swc },
      transformIgnorePatterns: ['/node_modules/(?!preact/)'],
      moduleNameMapper: {
        '\\.(css)$': '<rootDir>/frontend/test/style-stub.cjs',
        '\\?url$': '<rootDir>/frontend/test/url-stub.cjs',
        ...preactForReact(),
        ...jestModuleNameMapper(),
      },
      setupFilesAfterEnv: ['<rootDir>/frontend/test/setup.ts', ...suiteCpu],
    },
  ],
  testTimeout: 30000,
  // Handles left open (a server, a socket, a timer) are reported by name when the run does not end
  // within a second of its last test; .ci/run's timeout stops a run that would hang on them.
  openHandlesTimeout: 1000,
  // Three workers on the 2-core machines we run on: a suite waits on PostgreSQL, PGlite, Chromium
  // or a timer much of its time (a 2-worker run kept the cores only ~80% busy), and the third
  // worker fills those gaps: Jest's wall time 646 s -> 484 s on a quiet machine, same tests.
  maxWorkers: 3,
  testSequencer: '<rootDir>/scripts/test-sequencer.cjs',
  // One Chromium and the web app builds for the browser suites, started before any suite runs.
  globalSetup: '<rootDir>/scripts/jest-global-setup.cjs',
  globalTeardown: '<rootDir>/scripts/jest-global-teardown.cjs',
};
