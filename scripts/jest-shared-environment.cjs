// One Node sandbox per Jest worker for the server project, not one per test file. The modules a
// suite imports (the whole app: ~2,100 of them) are loaded once per worker by scripts/jest-shared-
// runtime.cjs and live in this sandbox, so every test file must run in the same one: a second
// realm would hand the tests objects whose Error, Array and Promise are not their own.
//
// What stays per file: the mock registry (its spies restored by the file's runtime when the file
// ends) and the fake clocks (uninstalled here), so neither outlives its suite; the console and
// the test framework's globals, which Jest installs afresh for each file.
const { TestEnvironment: NodeEnvironment } = require('jest-environment-node');
const { ModuleMocker } = require('jest-mock');
const { LegacyFakeTimers, ModernFakeTimers } = require('@jest/fake-timers');

/** @type {InstanceType<typeof NodeEnvironment> | undefined} */
let sandbox;

// Legacy fake timers hand out what Node's timers do, as jest-environment-node's own: an object that
// can be ref'd and unref'd, not a bare number.
const timerIdToRef = (id) => ({
  id,
  ref() {
    return this;
  },
  unref() {
    return this;
  },
});

class SharedNodeEnvironment {
  constructor(config, context) {
    sandbox ??= new NodeEnvironment(config, context);
    const { projectConfig } = config;
    const global = sandbox.global;
    this.global = global;
    this.moduleMocker = new ModuleMocker(global);
    this.fakeTimers = new LegacyFakeTimers({
      config: projectConfig,
      global,
      moduleMocker: this.moduleMocker,
      timerConfig: { idToRef: timerIdToRef, refToId: (timer) => timer?.id },
    });
    this.fakeTimersModern = new ModernFakeTimers({ config: projectConfig, global });
  }

  getVmContext() {
    return sandbox.getVmContext();
  }

  exportConditions() {
    return sandbox.exportConditions();
  }

  async setup() {}

  async teardown() {
    this.fakeTimers.dispose();
    this.fakeTimersModern.dispose();
  }
}

module.exports = SharedNodeEnvironment;
