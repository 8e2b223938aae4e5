import type { BaseQueryApi } from '@reduxjs/toolkit/query/react';

import { createBaseQuery, serverMessage } from '@/app/baseQuery';
import type { FetchLike } from '@/app/csrf';

/** Spec part 2 §3 "Diagnostic result", with the method and how long the call took. */
export interface DiagnosticResult {
  id: number;
  /** `METHOD /path`, or the name of a note that is not a request. */
  endpoint: string;
  /** The HTTP status; 0 when the request failed before an answer (§8); null for a note. */
  status: number | null;
  data?: unknown;
  error?: string;
  /** ISO time the answer came back. */
  timestamp: string;
  durationMs?: number;
  /** For a step of the full flow: its name (the row's label). */
  step?: string;
  /** For a step of the full flow: whether its status is the one the flow expects. */
  expected?: boolean;
}

export type RowTone = 'success' | 'error' | 'warning' | 'info';

/** §2: green for 2xx, red for 400 and above, yellow otherwise (a failed request, 0, included). */
export function rowTone(status: number | null): RowTone {
  if (status === null) return 'info';
  if (status >= 200 && status < 300) return 'success';
  if (status >= 400) return 'error';
  return 'warning';
}

export interface DebugRequest {
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

let nextId = 1;

/** A result row id, unique for the page's lifetime (rows are listed newest first). */
export function newResultId(): number {
  return nextId++;
}

/**
 * One call through the app's own request layer (JSON, credentials, CSRF header on POST), so the
 * console sees what the app sees; the status is read off the last response the layer received.
 */
export async function debugCall(
  request: DebugRequest,
  fetchImpl: FetchLike = (input, init) => fetch(input, init),
): Promise<DiagnosticResult> {
  const method = request.method ?? 'GET';
  let status = 0;
  const baseQuery = createBaseQuery(async (input, init) => {
    // The layer may fetch a CSRF token first; the call itself is always the last response.
    const response = await fetchImpl(input, { ...init, cache: 'no-store' });
    status = response.status;
    return response;
  });
  const started = performance.now();
  const controller = new AbortController();
  const api = { signal: controller.signal, abort: () => controller.abort() } as unknown as BaseQueryApi;
  const result = await baseQuery(
    { url: request.path, method, body: request.body, ...(request.headers ? { headers: request.headers } : {}) },
    api,
    {},
  );
  const row: DiagnosticResult = {
    id: newResultId(),
    endpoint: `${method} ${request.path}`,
    status: result.error?.status === 'FETCH_ERROR' ? 0 : status,
    timestamp: new Date().toISOString(),
    durationMs: Math.round(performance.now() - started),
  };
  if (result.error) {
    if (result.error.data !== undefined) row.data = result.error.data;
    // The server's own message reads better than the whole body again (the body is shown below).
    const fromServer = serverMessage(result.error);
    row.error = fromServer ? `${row.status}: ${fromServer}` : result.error.message;
  } else if (result.data !== undefined) {
    row.data = result.data;
  }
  return row;
}

/** A row that is not a request (what the console did, e.g. copying the production test). */
export function noteRow(endpoint: string, data?: unknown, error?: string): DiagnosticResult {
  return {
    id: newResultId(),
    endpoint,
    status: null,
    timestamp: new Date().toISOString(),
    ...(data !== undefined ? { data } : {}),
    ...(error ? { error } : {}),
  };
}

/** The diagnostics run on load and by 'Run Diagnostics' (spec part 2 §7 "Debug console"). */
export const DIAGNOSTICS: readonly DebugRequest[] = [
  { path: '/api/auth/health' },
  { path: '/api/auth/cookies-hint' },
  { path: '/api/auth/headers' },
  { path: '/api/auth/me' },
];

/** 'Test CSRF': get a token, see whether the server accepts the cookie, then call me with the header. */
export async function testCsrf(fetchImpl?: FetchLike): Promise<DiagnosticResult[]> {
  const csrf = await debugCall({ path: '/api/auth/csrf' }, fetchImpl);
  const token = csrfTokenOf(csrf.data);
  const hint = await debugCall({ path: '/api/auth/cookies-hint' }, fetchImpl);
  const me = await debugCall(
    { path: '/api/auth/me', ...(token ? { headers: { 'X-CSRF-Token': token } } : {}) },
    fetchImpl,
  );
  return [csrf, hint, me];
}

export function csrfTokenOf(data: unknown): string | undefined {
  const token = (data as { csrfToken?: unknown } | undefined)?.csrfToken;
  return typeof token === 'string' && token !== '' ? token : undefined;
}
