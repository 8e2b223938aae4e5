/**
 * Probes PostgreSQL and Redis once for a whole Jest run (its global setup), the way
 * backend/src/platform/testing/services.ts would in every test file, and answers what that module
 * reads from DC_TEST_SERVICES: { "postgres:<url>": true|false, "redis:<url>": true|false }.
 */
const { Client } = require('pg');
const Redis = require('ioredis');

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

// Generous: a loaded machine answers slowly, and a false "unreachable" would move suites to another engine.
const TIMEOUT_MS = 10_000;

async function postgres() {
  const client = new Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: TIMEOUT_MS });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function redis() {
  const r = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await r.connect();
    await r.ping();
    return true;
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

async function probeServices() {
  const [pg, rd] = await Promise.all([postgres(), redis()]);
  return { [`postgres:${DATABASE_URL}`]: pg, [`redis:${REDIS_URL}`]: rd };
}

module.exports = { probeServices };
