import { resolve } from 'node:path';

import { z } from 'zod';

import type { MediaTools } from '../media-tools';
import { PASSWORD_HASHING_SCHEMA, passwordHashing, passwordHashingProblems } from './password-hashing';
import { paymentProblems } from './payments-config';
import { PUSH_CONFIG_SCHEMA, pushConfig, pushConfigProblems } from './push-config';
import { trustProxySetting } from './trust-proxy';

/**
 * The one typed configuration. Every setting comes from an environment variable and has a default
 * that runs embedded (PGlite, in-process queue, data under ./data), so `npm start` needs nothing.
 */
const roles = ['all', 'api', 'projections', 'workers'] as const;
export type Role = (typeof roles)[number];

const url = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          // A cluster's URL lists several hosts (kurrentdb://a:2113,b:2113, mongodb://a,b/db?replicaSet=rs0),
          // which WHATWG URL does not parse: the first host stands for the list.
          const firstHost = v.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/(?:[^@/?#]*@)?)([^,/?#]*)(?:,[^/?#]*)/, '$1$2');
          return protocols.includes(new URL(firstHost).protocol.replace(/:$/, ''));
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    );

const int = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be between ${min} and ${max}`);

/** A duration with its unit (`1500ms`, `90s`, `30m`, `2h`), in milliseconds, within [min, max] ms. */
const duration = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+(ms|s|m|h)$/, 'must be a whole number with a unit: ms, s, m or h (e.g. 30m)')
    .transform((v) => {
      const [, n, unit] = /^(\d+)(ms|s|m|h)$/.exec(v)!;
      return Number(n) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit as 'ms' | 's' | 'm' | 'h'];
    })
    .refine((n) => n >= min && n <= max, `must be between ${min / 1000} s and ${max / 3_600_000} h`);

const schema = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  ROLE: z.enum(roles).default('all'),
  PORT: int(1, 65535).default('3000'),
  HOST: z.string().trim().min(1).default('localhost'),
  PUBLIC_URL: url(['http', 'https']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  MEDIA_DIR: z.string().trim().min(1).optional(),
  S3_ENDPOINT: url(['http', 'https']).optional(),
  S3_BUCKET: z.string().trim().min(3).optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  FFMPEG_PATH: z.string().trim().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().trim().min(1).default('ffprobe'),
  MEDIA_LINK_TTL_SECONDS: int(60, 900).default('600'),
  FRONTEND_DIST: z.string().trim().min(1).optional(),
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lowercase SQL identifier')
    .optional(),
  DATABASE_POOL_MAX: int(2, 1000).default('20'),
  DATABASE_PREPARED_STATEMENTS: z.enum(['on', 'off']).default('on'),
  EVENTSTORE_URL: url(['esdb', 'esdb+discover', 'kurrentdb', 'kurrentdb+discover', 'kurrent']).optional(),
  MONGODB_URL: url(['mongodb', 'mongodb+srv']).optional(),
  REDIS_URL: url(['redis', 'rediss']).optional(),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_:-]+$/, 'must be letters, digits, _ : or -')
    .default('dc'),
  PROJECTION_BATCH_SIZE: int(1, 10000).default('500'),
  PROJECTION_POLL_MS: int(10, 60000).optional(),
  READ_YOUR_WRITES_TIMEOUT_MS: int(0, 30000).default('2000'),
  PROJECTION_LEASE_TTL_MS: int(500, 600000).default('15000'),
  JOB_LOCK_MS: int(500, 600000).default('30000'),
  READ_MODEL_CACHE: z.enum(['on', 'off']).default('on'),
  SHUTDOWN_TIMEOUT_MS: int(100, 120000).default('10000'),
  METRICS_PORT: int(1, 65535).optional(),
  METRICS_TOKEN: z.string().trim().min(32, 'must be at least 32 characters').optional(),
  READY_MAX_LAG_EVENTS: int(0, 10_000_000).default('1000'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().trim().min(3).default('DeenConnect <no-reply@deenconnect.local>'),
  DEBUG_ENDPOINTS: z.enum(['true', 'false']).optional(),
  DEV_ROUTES: z.enum(['true', 'false']).optional(),
  HTTP_JSON_MAX_ITEMS: int(100, 1_000_000).default('1000'),
  TRUST_PROXY: trustProxySetting.default('false'),
  INSECURE_HTTP: z.enum(['true', 'false']).default('false'),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  RATE_LIMIT_FACTOR: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, 'must be a positive number')
    .transform(Number)
    .refine((n) => n >= 0.0001 && n <= 10_000, 'must be between 0.0001 and 10000')
    .default('1'),
  SEED: z.enum(['true', 'false']).optional(),
  AI_BASE_URL: url(['http', 'https']).optional(),
  AI_API_KEY: z.string().trim().min(1).optional(),
  AI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  AI_TIMEOUT_MS: int(100, 120000).default('8000'),
  AI_SHARE_WINDOW_SECONDS: int(1, 604800).default('86400'),
  PAYMENTS_TIMEOUT_MS: int(100, 120000).default('10000'),
  PAYMENTS_SANDBOX_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  PAYMENTS_SANDBOX_DELAY_MS: int(0, 60000).default('3000'),
  PAYMENTS_SANDBOX_IN_PRODUCTION: z.enum(['true', 'false']).default('false'),
  ORDER_PENDING_TTL: duration(60_000, 24 * 3_600_000).default('30m'),
  DONATION_MAX_KES: int(1, 250000).default('100000'),
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^(sk|rk)_(test|live)_\S+$/, 'must be a Stripe secret key (sk_test_... or sk_live_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_\S+$/, 'must be a Stripe webhook secret (whsec_...)')
    .optional(),
  STRIPE_API_BASE: url(['http', 'https']).optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .trim()
    .regex(/^pk_(test|live)_\S+$/, 'must be a Stripe publishable key (pk_test_... or pk_live_...)')
    .optional(),
  MPESA_BASE_URL: url(['http', 'https']).default('https://sandbox.safaricom.co.ke'),
  MPESA_CONSUMER_KEY: z.string().trim().min(1).optional(),
  MPESA_CONSUMER_SECRET: z.string().trim().min(1).optional(),
  MPESA_SHORTCODE: z
    .string()
    .trim()
    .regex(/^\d{5,7}$/, 'must be the paybill or till number (5 to 7 digits)')
    .optional(),
  MPESA_PASSKEY: z.string().trim().min(1).optional(),
  MPESA_CALLBACK_URL: url(['https', 'http']).optional(),
  REFUND_MAX_PROGRESS: z
    .string()
    .trim()
    .regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'must be a share from 0 to 1 (0.3 is 30%)')
    .transform(Number)
    .default('0.3'),
  ...PUSH_CONFIG_SCHEMA,
  ...PASSWORD_HASHING_SCHEMA,
} as const;

/** Names of every environment variable this module reads (listed in .env.example, used by compose). */
export const CONFIG_VARIABLES = Object.keys(schema) as readonly (keyof typeof schema)[];

const envSchema = z.object(schema);

export type AppConfig = ReturnType<typeof toConfig>;

export class ConfigError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p.variable} ${p.message}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the configuration; throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const raw: Record<string, string | undefined> = {};
  // An empty value means "not set", as in most .env tooling.
  for (const name of CONFIG_VARIABLES) raw[name] = env[name] === '' ? undefined : env[name];
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => ({
        variable: String(i.path[0]),
        message: `${i.message} (got ${JSON.stringify(raw[String(i.path[0])])})`,
      })),
    );
  }
  const problems = [
    ...paymentProblems(parsed.data),
    ...devRouteProblems(parsed.data),
    ...pushConfigProblems(parsed.data),
    ...passwordHashingProblems(parsed.data),
  ];
  if (problems.length) throw new ConfigError(problems);
  return toConfig(parsed.data);
}

/** The development routes hand out mails with sign-in links: never in production, whatever is asked. */
function devRouteProblems(e: z.infer<typeof envSchema>) {
  return e.DEV_ROUTES === 'true' && e.NODE_ENV === 'production'
    ? [{ variable: 'DEV_ROUTES', message: 'cannot be true with NODE_ENV=production' }]
    : [];
}

function devRoutesOn(e: z.infer<typeof envSchema>): boolean {
  return e.DEV_ROUTES ? e.DEV_ROUTES === 'true' : e.NODE_ENV === 'development';
}

function toConfig(e: z.infer<typeof envSchema>) {
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    role: e.ROLE as Role,
    http: {
      port: e.PORT,
      host: e.HOST,
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''), // links append '/path'
      /**
       * Which proxies' X-Forwarded-For/-Proto to believe (client IP for rate limits, https for Secure
       * cookies): false, a hop count or their addresses (config/trust-proxy.ts).
       */
      trustProxy: e.TRUST_PROXY,
      /**
       * Production is served over https only (behind a TLS proxy or not): every cookie is Secure and
       * HSTS is sent whatever the proxy says. INSECURE_HTTP=true turns both off for a local trial.
       */
      httpsOnly: e.NODE_ENV === 'production' && e.INSECURE_HTTP !== 'true',
      /** Production on plain http on purpose (INSECURE_HTTP=true): warned at start. */
      insecureHttp: e.NODE_ENV === 'production' && e.INSECURE_HTTP === 'true',
      /**
       * JSON bodies deeper than JSON_MAX_DEPTH, or with an array or object of more than maxItems
       * entries, are refused before they are parsed (platform/http/json-shape.ts).
       */
      jsonMaxItems: e.HTTP_JSON_MAX_ITEMS,
    },
    logLevel: e.LOG_LEVEL,
    /**
     * Every rate limit (README "Rate limits") is multiplied by factor (at least 1 hit stays allowed);
     * off lets everything through. Both are for load and property tests, never for production.
     */
    rateLimits: { enabled: e.RATE_LIMITS === 'on', factor: e.RATE_LIMIT_FACTOR },
    dataDir,
    mediaDir: resolve(e.MEDIA_DIR ?? `${dataDir}/media`),
    /**
     * How long a lesson's media links last (paid course content; 15 minutes at most): the learn view
     * signs new ones each time it is fetched, and serving still checks the member's enrolment.
     */
    mediaLinks: { ttlSeconds: e.MEDIA_LINK_TTL_SECONDS },
    /** Blob storage for media: an S3-compatible bucket when S3_BUCKET is set, else MEDIA_DIR on disk. */
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT ?? null,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : null,
        }
      : null,
    // `tools`: what start-up found runnable (platform/media-tools); null until then, i.e. assumed present.
    ffmpeg: { ffmpegPath: e.FFMPEG_PATH, ffprobePath: e.FFPROBE_PATH, tools: null as MediaTools | null },
    frontendDist: resolve(e.FRONTEND_DIST ?? 'frontend/dist'),
    /**
     * poolMax: connections one process may hold; every process of a deployment counts against max_connections.
     * preparedStatements: repeated statements stay prepared per connection (off behind a transaction-mode pooler).
     */
    database: e.DATABASE_URL
      ? {
          url: e.DATABASE_URL,
          schema: e.DATABASE_SCHEMA,
          poolMax: e.DATABASE_POOL_MAX,
          preparedStatements: e.DATABASE_PREPARED_STATEMENTS === 'on',
        }
      : null,
    eventStoreUrl: e.EVENTSTORE_URL ?? null,
    mongodbUrl: e.MONGODB_URL ?? null,
    redisUrl: e.REDIS_URL ?? null,
    queuePrefix: e.QUEUE_PREFIX,
    projections: {
      batchSize: e.PROJECTION_BATCH_SIZE,
      pollMs: e.PROJECTION_POLL_MS,
      readYourWritesTimeoutMs: e.READ_YOUR_WRITES_TIMEOUT_MS,
      /** How long a projector's owner lease lasts: how soon another process takes over from a dead one. */
      leaseTtlMs: e.PROJECTION_LEASE_TTL_MS,
      /**
       * Reads of read models this process projects are served from the runner's memory (on), or
       * always from the store (off): what a process that does not run the projections does, so the
       * uncached read path can be measured in one process.
       */
      readModelCache: e.READ_MODEL_CACHE === 'on',
    },
    /** BullMQ's job lock: how soon a dead worker's job is handed to another worker (lock lapse + stall check). */
    jobs: { lockMs: e.JOB_LOCK_MS },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    /**
     * GET /metrics and /api/ready on METRICS_PORT when set (every role). On the app's port (api, all)
     * /api/ready always, /metrics only to `Authorization: Bearer <METRICS_TOKEN>` (404 without a token).
     */
    metrics: {
      port: e.METRICS_PORT ?? null,
      token: e.METRICS_TOKEN ?? null,
      readyMaxLagEvents: e.READY_MAX_LAG_EVENTS,
    },
    /** argon2id's cost for new password hashes (config/password-hashing.ts): never `fast` in production. */
    passwordHashing: passwordHashing(e),
    /** Signs CSRF tokens; when unset, one random secret is created once and kept in the read store. */
    sessionSecret: e.SESSION_SECRET ?? null,
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM },
    /** Debug console endpoints: on outside production unless DEBUG_ENDPOINTS says otherwise. */
    debugEndpoints: e.DEBUG_ENDPOINTS ? e.DEBUG_ENDPOINTS === 'true' : e.NODE_ENV !== 'production',
    /**
     * Development tooling under /api/dev: on in development, off elsewhere unless DEV_ROUTES=true
     * (the test harness), never in production. Off, the routes answer like an unknown path.
     */
    devRoutes: devRoutesOn(e),
    /** The development outbox's endpoint: a development route, and only without SMTP. */
    devOutbox: devRoutesOn(e) && !e.SMTP_URL,
    /** Labelled demo community on an empty store: on in development unless SEED=false. */
    seed: e.SEED ? e.SEED === 'true' : e.NODE_ENV === 'development',
    /**
     * The AI scholar's chat model (OpenAI-compatible) when AI_BASE_URL is set; else answers come
     * from offline retrieval over the bundled Quran.
     */
    ai: {
      baseUrl: e.AI_BASE_URL ?? null,
      apiKey: e.AI_API_KEY ?? null,
      model: e.AI_MODEL,
      timeoutMs: e.AI_TIMEOUT_MS,
      /** How long an answer the scholar gave a member may be shared by them (POST /api/ai-share). */
      shareWindowMs: e.AI_SHARE_WINDOW_SECONDS * 1000,
    },
    /**
     * Payment providers (the payments module: course checkout, donations): Stripe takes cards when
     * STRIPE_SECRET_KEY is set and Daraja takes M-Pesa when the MPESA_* variables are; a method
     * without a provider goes to the sandbox, which needs no account and moves no money.
     */
    /** Orphan support: the most one donation may be, in KES (M-Pesa's own ceiling is 250,000). */
    donations: { maxKes: e.DONATION_MAX_KES },
    /**
     * How long a course order waits for its payment: past it the order expires and its courses may
     * be ordered again (a payment arriving later is given back). At most a day: Stripe replays a
     * PaymentIntent for a day, which is what lets a declined card retry the same order.
     */
    orders: { pendingTtlMs: e.ORDER_PENDING_TTL },
    payments: {
      timeoutMs: e.PAYMENTS_TIMEOUT_MS,
      /** Signs the sandbox's callbacks; when unset, a random secret per process (it verifies its own). */
      sandbox: { secret: e.PAYMENTS_SANDBOX_SECRET ?? null, delayMs: e.PAYMENTS_SANDBOX_DELAY_MS },
      /**
       * In production the sandbox would sell courses for nothing: a method without a real provider is
       * then unavailable, unless PAYMENTS_SANDBOX_IN_PRODUCTION=true asks for the sandbox (a demo).
       */
      sandboxAllowed: e.NODE_ENV !== 'production' || e.PAYMENTS_SANDBOX_IN_PRODUCTION === 'true',
      /** Given to the browser for Stripe.js (GET /api/payments/config). */
      stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY ?? null,
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              apiBase: e.STRIPE_API_BASE ?? null,
            }
          : null,
      mpesa:
        e.MPESA_CONSUMER_KEY && e.MPESA_CONSUMER_SECRET && e.MPESA_SHORTCODE && e.MPESA_PASSKEY && e.MPESA_CALLBACK_URL
          ? {
              baseUrl: e.MPESA_BASE_URL,
              consumerKey: e.MPESA_CONSUMER_KEY,
              consumerSecret: e.MPESA_CONSUMER_SECRET,
              shortcode: e.MPESA_SHORTCODE,
              passkey: e.MPESA_PASSKEY,
              callbackUrl: e.MPESA_CALLBACK_URL,
            }
          : null,
    },
    /**
     * A buyer's refund is refused once they completed more than this share of a course's lessons
     * (0.3: 30%); moderators may still refund by hand.
     */
    refunds: { maxProgress: e.REFUND_MAX_PROGRESS },
    /** Web Push (modules/push): VAPID keys, the push services a subscription may name, the request timeout. */
    push: pushConfig(e),
  };
}
