import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { NestFastifyApplication } from '@nestjs/platform-fastify';

import { IdentityService } from '../modules/identity';
import { MessagingService } from '../modules/messaging';
import type { AppConfig } from './platform/config';
import { CSRF_COOKIE, SESSION_COOKIE } from './platform/http/security/cookie-names';
import { issueCsrfToken } from './platform/http/security/csrf-token';
import type { ServerSecret } from './platform/http/security/server-secret';
import type { Logger } from './platform/logging';

/** What the warm-up needs of the throwaway runtime it drives. */
export interface WarmUpRuntime {
  http: NestFastifyApplication | null;
  secret: ServerSecret;
  shutdown(): Promise<void>;
}

/** Messages sent through HTTP, and how many at a time: enough for V8 to compile the path's hot functions. */
const MESSAGES = 400;
const CONCURRENT = 20;

/**
 * The settings of the throwaway copy: the same code on an embedded database in a temporary directory,
 * in-process jobs and presence, no mail server, bucket, chat model, payment provider or metrics port,
 * so it can touch nothing the real process serves or owns.
 */
export function warmUpConfig(config: AppConfig, dir: string): AppConfig {
  return {
    ...config,
    role: 'all',
    warmUp: false,
    dataDir: dir,
    mediaDir: join(dir, 'media'),
    database: null,
    eventStoreUrl: null,
    mongodbUrl: null,
    redisUrl: null,
    s3: null,
    seed: false,
    rateLimits: { ...config.rateLimits, enabled: false },
    metrics: { ...config.metrics, port: null },
    mail: { ...config.mail, smtpUrl: null },
    ai: { ...config.ai, baseUrl: null },
    payments: { ...config.payments, stripe: null, mpesa: null },
  };
}

/**
 * Cold start (issue 20): a new process served its first seconds of traffic with functions V8 had not
 * compiled yet, and at 200 messages/s the first 3 s answered 3-6x slower than the rest. Before a
 * production process takes traffic, it sends messages through a throwaway copy of itself (same
 * modules, so the same functions get compiled) on an embedded database that is deleted afterwards.
 * A failure only costs the warm-up: it is logged and the process starts as it would have.
 */
export async function warmUp(
  config: AppConfig,
  logger: Logger,
  start: (config: AppConfig) => Promise<WarmUpRuntime>,
): Promise<void> {
  const began = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'dc-warm-up-'));
  let runtime: WarmUpRuntime | undefined;
  try {
    runtime = await start(warmUpConfig(config, dir));
    const sent = await exercise(runtime);
    logger.info({ ms: Date.now() - began, messages: sent }, 'warmed up on a throwaway copy');
  } catch (err) {
    logger.warn({ err }, 'warm-up failed; starting without it');
  } finally {
    await runtime?.shutdown().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Two members message each other through POST /api/messages and read what they got; answers how many. */
async function exercise(runtime: WarmUpRuntime): Promise<number> {
  const http = runtime.http;
  if (!http) return 0;
  const identity = http.get(IdentityService);
  const meta = { actor: null, requestId: 'warm-up' };
  const [a, b] = await Promise.all(
    ['a', 'b'].map((n) =>
      identity.register(
        { email: `warm.up.${n}@example.invalid`, username: `warm_up_${n}`, password: 'Warm#Up2026', displayName: n },
        meta,
      ),
    ),
  );
  if (!a || !b) return 0;
  const conversationId = await http.get(MessagingService).start(a.user.id, b.user.id, { actor: a.user.id });
  const csrf = issueCsrfToken(runtime.secret);
  const fastify = http.getHttpAdapter().getInstance();
  const as = (who: typeof a) => ({
    cookie: `${SESSION_COOKIE}=${who.session.token}; ${CSRF_COOKIE}=${csrf}`,
    'x-csrf-token': csrf,
  });
  for (let i = 0; i < MESSAGES; i += CONCURRENT) {
    await Promise.all(
      Array.from({ length: CONCURRENT }, async (_, k) => {
        const [from, to] = (i + k) % 2 ? [b, a] : [a, b];
        const res = await fastify.inject({
          method: 'POST',
          url: '/api/messages',
          headers: { ...as(from), 'content-type': 'application/json' },
          payload: JSON.stringify({ conversationId, receiverId: to.user.id, content: `warm-up ${i + k}` }),
        });
        if (res.statusCode !== 201) throw new Error(`warm-up message answered ${res.statusCode}: ${res.body}`);
      }),
    );
    await fastify.inject({ method: 'GET', url: `/api/conversations/${conversationId}`, headers: as(b) });
  }
  for (const url of ['/api/conversations', '/api/notifications', '/api/feed']) {
    await fastify.inject({ method: 'GET', url, headers: as(a) });
  }
  return MESSAGES;
}
