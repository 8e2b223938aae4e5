/** Client for `GET /api/auth/health`: which engines the backend runs on, and its version. */
import type { TranslationKey } from '@/i18n';

export const HEALTH_PATH = '/api/auth/health';

export interface Health {
  status: 'ok';
  eventStore: string;
  readStore: string;
  queue: string;
  version: string;
}

/** A failed health check, with a message fit to show to a person. */
export class HealthCheckError extends Error {
  constructor(
    message: string,
    readonly httpStatus?: number,
    /** i18n key (under `status.`) and values for showing it; absent when `message` is the server's own. */
    readonly i18n?: { key: TranslationKey; values?: Record<string, string | number> },
  ) {
    super(message);
    this.name = 'HealthCheckError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks the answer's shape, so a wrong answer is an error state rather than a blank field. */
export function parseHealth(body: unknown): Health {
  if (!isRecord(body) || body.status !== 'ok') {
    throw new HealthCheckError('The server answered, but it does not report itself healthy.', undefined, {
      key: 'status.errUnhealthy',
    });
  }
  const fields = ['eventStore', 'readStore', 'queue', 'version'] as const;
  for (const field of fields) {
    if (typeof body[field] !== 'string' || body[field] === '') {
      throw new HealthCheckError(`The server's health answer has no "${field}".`, undefined, {
        key: 'status.errMissingField',
        values: { field },
      });
    }
  }
  return {
    status: 'ok',
    eventStore: body.eventStore as string,
    readStore: body.readStore as string,
    queue: body.queue as string,
    version: body.version as string,
  };
}

/** The `message` of the API's `{ error, message, code }` error body, when there is one. */
function apiErrorMessage(body: unknown): string | undefined {
  return isRecord(body) && typeof body.message === 'string' && body.message !== '' ? body.message : undefined;
}

async function readJson(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) {
    return undefined;
  }
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

export async function fetchHealth(signal?: AbortSignal, fetchImpl: typeof fetch = fetch): Promise<Health> {
  let response: Response;
  try {
    response = await fetchImpl(HEALTH_PATH, {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
      cache: 'no-store',
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') {
      throw error;
    }
    throw new HealthCheckError('Could not reach the server. Check your connection and try again.', undefined, {
      key: 'status.errUnreachable',
    });
  }

  const body = await readJson(response);
  if (!response.ok) {
    const serverText = apiErrorMessage(body);
    throw new HealthCheckError(
      serverText ?? `The server is not ready (HTTP ${response.status}).`,
      response.status,
      serverText ? undefined : { key: 'status.errNotReady', values: { status: response.status } },
    );
  }
  if (body === undefined) {
    throw new HealthCheckError('The server sent an unexpected answer (not JSON).', response.status, {
      key: 'status.errNotJson',
    });
  }
  return parseHealth(body);
}
