import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { loadConfig } from './platform/config';
import { createLogger } from './platform/logging';
import { type Runtime, startRuntime } from './runtime';
import { warmUp, warmUpConfig } from './warm-up';

/** A logger that keeps what it was told, for the warm-up's one line. */
function recordingLogger() {
  const lines: { level: string; msg: string; fields: Record<string, unknown> }[] = [];
  const base = createLogger('silent');
  const logger = Object.assign(Object.create(base), {
    info: (fields: Record<string, unknown>, msg: string) => lines.push({ level: 'info', msg, fields }),
    warn: (fields: Record<string, unknown>, msg: string) => lines.push({ level: 'warn', msg, fields }),
  });
  return { logger, lines };
}

describe('warm-up before a production process takes traffic', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'dc-warm-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is on in production unless WARM_UP=off, and off elsewhere unless WARM_UP=on', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).warmUp).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', WARM_UP: 'off' }).warmUp).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).warmUp).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', WARM_UP: 'on' }).warmUp).toBe(true);
  });

  it('runs its copy on an embedded database of its own, with no outside service the real process has', () => {
    const real = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db.internal/app',
      REDIS_URL: 'redis://cache.internal:6379',
      EVENTSTORE_URL: 'kurrentdb://es.internal:2113',
      MONGODB_URL: 'mongodb://mongo.internal/app',
      SMTP_URL: 'smtp://mail.internal:25',
      S3_BUCKET: 'media',
      AI_BASE_URL: 'http://llm.internal/v1',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      METRICS_PORT: '9100',
      SEED: 'true',
    });
    const copy = warmUpConfig(real, '/tmp/copy');
    expect(copy).toMatchObject({
      role: 'all',
      warmUp: false,
      dataDir: '/tmp/copy',
      mediaDir: '/tmp/copy/media',
      database: null,
      redisUrl: null,
      eventStoreUrl: null,
      mongodbUrl: null,
      s3: null,
      seed: false,
      mail: { smtpUrl: null },
      ai: { baseUrl: null },
      payments: { stripe: null, mpesa: null },
      metrics: { port: null },
      rateLimits: { enabled: false },
    });
  });

  it('sends messages through HTTP on a throwaway copy, then removes it and leaves the real data alone', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, FRONTEND_DIST: '/none' });
    const { logger, lines } = recordingLogger();
    const before = readdirSync(tmpdir()).filter((n) => n.startsWith('dc-warm-up-')).length;
    let sent = 0;
    await warmUp(config, logger, async (c) => {
      expect(c.dataDir).not.toBe(dataDir);
      const copy: Runtime = await startRuntime(c, createLogger('silent'), 'all');
      return {
        ...copy,
        // What the copy holds when the warm-up is done with it: the messages went through for real.
        shutdown: async () => {
          const events = await copy.platform.eventStore.readAll({ maxCount: 10_000 });
          sent = events.filter((e) => e.type === 'MessageSent').length;
          await copy.shutdown();
        },
      };
    });
    expect(sent).toBe(400);
    expect(lines).toEqual([
      { level: 'info', msg: 'warmed up on a throwaway copy', fields: expect.objectContaining({ messages: 400 }) },
    ]);
    // The copy's directory is gone, and nothing was written where the real process keeps its data.
    expect(readdirSync(tmpdir()).filter((n) => n.startsWith('dc-warm-up-')).length).toBe(before);
    expect(readdirSync(dataDir)).toEqual([]);
  }, 120_000);

  it('only logs a failure: the process starts without it', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const { logger, lines } = recordingLogger();
    await expect(
      warmUp(config, logger, () => Promise.reject(new Error('no room for a second database'))),
    ).resolves.toBeUndefined();
    expect(lines).toEqual([{ level: 'warn', msg: 'warm-up failed; starting without it', fields: expect.anything() }]);
  });
});
