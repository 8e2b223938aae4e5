/** Closes what scripts/jest-global-setup.cjs started. */
const { rmSync } = require('node:fs');

module.exports = async () => {
  await globalThis.__DC_BROWSER_SERVER__?.close();
  if (process.env.DC_TEST_RUN_DIR) rmSync(process.env.DC_TEST_RUN_DIR, { recursive: true, force: true });
};
