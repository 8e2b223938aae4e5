import { type ErrorBody, errorBody } from './http-error';

/** Seconds a client is asked to wait before trying again (as /api/ready asks load balancers). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export const NOT_READY_MESSAGE = 'DeenConnect is getting ready. Please try again in a few seconds.';
export const UNAVAILABLE_MESSAGE = 'DeenConnect is temporarily unavailable. Please try again in a few seconds.';

/** PostgreSQL: a table or schema that is not there yet, i.e. a read model its projector has not built. */
const NOT_BUILT_CODES = new Set(['42P01', '3F000']);
/** PostgreSQL: connection failures, shutdown, too many connections; Node's socket errors. */
const DOWN_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);
/** MongoDB, ioredis and KurrentDB name their connection failures. */
const DOWN_NAMES = new Set([
  'MongoServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoPoolClearedError',
  'MaxRetriesPerRequestError',
  'UnavailableError',
]);
const DOWN_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error/,
  /^Connection is closed\.?$/,
  /PGlite is closed/,
];

type Failure = { code?: unknown; name?: unknown; message?: unknown; type?: unknown; cause?: unknown; errors?: unknown };

function kindOf(err: unknown, depth = 0): 'not-built' | 'down' | null {
  if (!err || typeof err !== 'object' || depth > 5) return null;
  const e = err as Failure;
  const code = typeof e.code === 'string' ? e.code : '';
  if (NOT_BUILT_CODES.has(code)) return 'not-built';
  if (DOWN_CODES.has(code) || code.startsWith('08')) return 'down';
  if (typeof e.name === 'string' && DOWN_NAMES.has(e.name)) return 'down';
  if (e.type === 'unavailable') return 'down';
  if (typeof e.message === 'string' && DOWN_MESSAGES.some((m) => m.test(e.message as string))) return 'down';
  // Wrapped (cause) or several attempts at once (AggregateError, e.g. ECONNREFUSED on ::1 and 127.0.0.1).
  for (const inner of [e.cause, ...(Array.isArray(e.errors) ? e.errors : [])]) {
    const kind = kindOf(inner, depth + 1);
    if (kind) return kind;
  }
  return null;
}

/**
 * A store this process needs is not there: its read models are not built yet (an API process
 * started before the projections process built them) or a store does not answer. Neither is the
 * client's fault nor a bug: 503 with Retry-After, and the client tries again.
 */
export function unavailableError(
  err: unknown,
): { status: 503; body: ErrorBody; headers: Readonly<Record<string, string>> } | null {
  const kind = kindOf(err);
  if (!kind) return null;
  const body =
    kind === 'not-built' ? errorBody(503, NOT_READY_MESSAGE, 'NOT_READY') : errorBody(503, UNAVAILABLE_MESSAGE);
  return { status: 503, body, headers: { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) } };
}
