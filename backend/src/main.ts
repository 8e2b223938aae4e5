import 'reflect-metadata';

import { ConfigError, loadConfig, type Role } from './platform/config';
import { createLogger } from './platform/logging';
import { startRuntime } from './runtime';
import { SEED_ONLY_ENV, seedInOwnProcess, seedsApart, seedThenStop } from './seed/seed-apart';

const ROLES: readonly Role[] = ['all', 'api', 'projections', 'workers'];

/** Entry point: `node main.js [all|api|projections|workers]` (default: ROLE, else all). */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const arg = process.argv[2];
  if (arg && !ROLES.includes(arg as Role)) {
    console.error(`Unknown role "${arg}". Use one of: ${ROLES.join(', ')}`);
    process.exit(1);
  }
  const role = (arg as Role | undefined) ?? config.role;
  const logger = createLogger(config.logLevel, { role });

  let runtime;
  try {
    if (process.env[SEED_ONLY_ENV] === '1') {
      await seedThenStop(config, logger);
      process.exit(0);
    }
    if (seedsApart(config, role)) await seedInOwnProcess(logger.child({ component: 'seed' }));
    runtime = await startRuntime(config, logger, role);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    logger.fatal({ err }, 'start-up failed');
    process.exit(1);
  }
  if (runtime.http) {
    await runtime.http.listen(config.http.port, config.http.host);
    logger.info(
      {
        url: `http://localhost:${config.http.port}`,
        eventStore: runtime.platform.eventStore.engine,
        readStore: runtime.platform.readStore.engine,
        queue: runtime.platform.jobQueue.engine,
      },
      'DeenConnect is listening',
    );
  } else {
    logger.info({ role }, 'DeenConnect is running');
  }

  const stop = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    runtime.shutdown().then(
      () => process.exit(0),
      (err) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

void main();
