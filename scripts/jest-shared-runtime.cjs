// The server project's module loader: Jest's own, except that the modules test files import are
// loaded once per worker, not once per file. Jest's default evaluates the app's ~2,100 modules
// afresh for every one of ~330 server suites (~1.5 CPU s each, and the memory the kernel must hand
// out again); here the worker's first runtime (`home`) loads them and every later file asks it.
//
// Per file, as before: the test file itself (each file's own runtime evaluates it, with its own
// `jest` object), its mocks and fake timers (scripts/jest-shared-environment.cjs), the test
// framework. Shared: every module a test file imports, and what those modules hold. This is safe
// because no server test replaces a module (no jest.mock: scripts/shared-modules.test.ts keeps it
// so) and the app keeps its state in the runtime it starts, not in module globals.
const Runtime = require('jest-runtime').default;

/** @type {SharedRuntime | undefined} */
let home;

/** A file's source maps first, then the maps of the modules home loaded (for stack traces). */
class LayeredMaps extends Map {
  constructor(own, under) {
    super();
    this.own = own;
    this.under = under;
  }
  get(key) {
    return this.own.get(key) ?? this.under.get(key);
  }
  has(key) {
    return this.own.has(key) || this.under.has(key);
  }
}

class SharedRuntime extends Runtime {
  constructor(...args) {
    super(...args);
    home ??= this;
    // Home checks every load against the running file's phase (Jest refuses a require between
    // tests); a new file starts by loading its imports.
    if (home !== this) home.testState.state = 'loading';
  }

  enterTestCode() {
    super.enterTestCode();
    if (home !== this) home.enterTestCode();
  }

  leaveTestCode() {
    super.leaveTestCode();
    if (home !== this) home.leaveTestCode();
  }

  requireModuleOrMock(from, moduleName) {
    if (this === home || moduleName === '@jest/globals') return super.requireModuleOrMock(from, moduleName);
    return home.requireModuleOrMock(from, moduleName);
  }

  requireModule(from, moduleName, options, isRequireActual) {
    // Setup files (reflect-metadata, scripts/jest-env.cjs) are loaded by path alone: once, by home,
    // so the decorators' metadata store the shared modules wrote into is the one Nest reads.
    if (this !== home && moduleName === undefined && this._config.setupFiles.includes(from)) {
      return home.requireModule(from);
    }
    return super.requireModule(from, moduleName, options, isRequireActual);
  }

  getSourceMaps() {
    const own = super.getSourceMaps();
    return this === home ? own : new LayeredMaps(own, home.getSourceMaps());
  }

  teardown() {
    // Home keeps its registry for the next file; what its own test file set up is undone.
    if (this === home) this.restoreAllMocks();
    else super.teardown();
  }
}

module.exports = SharedRuntime;
