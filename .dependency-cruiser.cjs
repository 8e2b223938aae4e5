/**
 * The boundary table of ../shared/design/ARCHITECTURE.md ("What crosses a boundary, and how"), one
 * rule per line, plus no cycles. `npm run lint:deps` runs it; scripts/lint-deps.test.ts proves that a
 * bad import is caught. Production code only: tests may reach into what they test.
 */
const TESTS = '(\\.test\\.tsx?$|\\.spec\\.tsx?$|/testing/|^backend/bench/|^frontend/e2e/)';
const PUBLIC_MODULE_FILE = '^backend/modules/[^/]+/(index|events)\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'A cycle makes load order matter and hides which side owns what.',
      from: { path: '^(backend|workers|frontend/src|contract)/' },
      to: { circular: true },
    },
    {
      name: 'module-into-other-module',
      severity: 'error',
      comment: 'A module reaches another only through its index.ts (or its published events.ts).',
      from: { path: '^backend/modules/([^/]+)/', pathNot: TESTS },
      to: { path: '^backend/modules/([^/]+)/', pathNot: ['^backend/modules/$1/', PUBLIC_MODULE_FILE] },
    },
    {
      name: 'support-into-learning',
      severity: 'error',
      comment:
        'Donations pay through the payments module, not through the course marketplace (issue 35): support never imports learning.',
      from: { path: '^backend/modules/support/' },
      to: { path: '^backend/modules/learning/' },
    },
    {
      name: 'module-into-projector',
      severity: 'error',
      comment:
        "Modules read read models only through a projection's docs.ts / index.ts, never its projector or the runner.",
      from: { path: '^backend/modules/', pathNot: TESTS },
      to: { path: '^backend/projections/', pathNot: '^backend/projections/(?!runner/)[^/]+/(docs|index)\\.ts$' },
    },
    {
      name: 'projection-into-module',
      severity: 'error',
      comment:
        "Projections import a module's published events.ts only: no services, controllers or realtime internals.",
      from: { path: '^backend/projections/', pathNot: TESTS },
      to: { path: '^backend/modules/', pathNot: '^backend/modules/[^/]+/events\\.ts$' },
    },
    {
      name: 'projection-into-other-projection',
      severity: 'error',
      comment: "A projection uses another's docs.ts / index.ts, and the runner's index.",
      from: { path: '^backend/projections/([^/]+)/', pathNot: TESTS },
      to: {
        path: '^backend/projections/([^/]+)/',
        pathNot: ['^backend/projections/$1/', '^backend/projections/[^/]+/(docs|index)\\.ts$'],
      },
    },
    {
      name: 'platform-upwards',
      severity: 'error',
      comment: 'Platform owns the ports both sides need; it imports nothing above it.',
      from: { path: '^backend/src/platform/', pathNot: TESTS },
      to: { path: '^(backend/(modules|projections|bench)/|backend/src/(?!platform/)|workers/|frontend/)' },
    },
    {
      name: 'workers-into-projections',
      severity: 'error',
      comment: "Workers use modules' indexes and platform, never projections.",
      from: { path: '^workers/', pathNot: TESTS },
      to: { path: '^backend/projections/' },
    },
    {
      name: 'workers-into-module-files',
      severity: 'error',
      comment: "Workers use modules' indexes.",
      from: { path: '^workers/', pathNot: TESTS },
      to: { path: '^backend/modules/', pathNot: '^backend/modules/[^/]+/(index|events)\\.ts$' },
    },
    {
      name: 'backend-into-app-root',
      severity: 'error',
      comment: 'The composition root (app/, runtime, main, seed) wires the layers; nothing below imports it.',
      from: { path: '^(backend/(modules|projections)|workers)/', pathNot: TESTS },
      to: { path: '^backend/src/(app/|runtime\\.ts|main\\.ts|seed/)' },
    },
    {
      name: 'frontend-into-backend',
      severity: 'error',
      comment: 'The web app shares only the types-only contract workspace with the server.',
      from: { path: '^frontend/' },
      to: { path: '^(backend|workers)/' },
    },
    {
      name: 'server-into-frontend',
      severity: 'error',
      from: { path: '^(backend|workers|contract)/' },
      to: { path: '^frontend/' },
    },
    {
      name: 'contract-is-types-only',
      severity: 'error',
      comment: 'contract/ is shared by server and browser: it imports nothing but itself.',
      from: { path: '^contract/' },
      to: { path: '^(?!contract/)', dependencyTypesNot: ['npm', 'npm-dev', 'core'] },
    },
    {
      name: 'web-ui-into-app',
      severity: 'error',
      comment: 'ui/ is the bottom layer of the web app.',
      from: { path: '^frontend/src/ui/' },
      to: { path: '^frontend/src/(app|features|resources)/' },
    },
    {
      name: 'web-resources-into-features',
      severity: 'error',
      comment: 'Resources shared by features sit below them.',
      from: { path: '^frontend/src/resources/' },
      to: { path: '^frontend/src/features/' },
    },
    {
      name: 'web-feature-into-other-feature',
      severity: 'error',
      comment: 'A feature uses another feature through its index.ts.',
      from: { path: '^frontend/src/features/([^/]+)/', pathNot: TESTS },
      to: {
        path: '^frontend/src/features/([^/]+)/',
        pathNot: ['^frontend/src/features/$1/', '^frontend/src/features/[^/]+/index\\.tsx?$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
