import { execFileSync } from 'node:child_process';
import { TEST_DATABASE_URL } from '../../sql/testing/test-databases';

/**
 * Jest registers suites synchronously, so "is PostgreSQL there?" must be answered before any
 * async code runs: a child process tries to connect. In CI the suite is registered regardless
 * and fails loudly if the server is missing.
 */
export function postgresReachableSync(): boolean {
  if (process.env.CI) return true;
  const script = `
    const { Client } = require(process.env.PG_MODULE);
    const c = new Client({ connectionString: process.env.PG_URL, connectionTimeoutMillis: 2000 });
    c.connect().then(() => c.query('select 1')).then(() => c.end()).then(() => process.exit(0), () => process.exit(1));
  `;
  try {
    execFileSync(process.execPath, ['-e', script], {
      env: { ...process.env, PG_MODULE: require.resolve('pg'), PG_URL: TEST_DATABASE_URL },
      stdio: 'ignore',
      timeout: 5000,
    });
    return true;
  } catch {
    return false;
  }
}
