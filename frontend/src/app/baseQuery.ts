import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';

import { i18n } from '@/i18n';

import { CSRF_HEADER, type FetchLike, getCsrfToken, needsCsrf } from './csrf';

export interface RequestArgs {
  url: string;
  method?: string;
  body?: unknown;
  params?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
}

/** A failed call: HTTP status (or 'FETCH_ERROR'), the parsed body, and a readable message (§8). */
export interface ApiError {
  status: number | 'FETCH_ERROR';
  data?: unknown;
  message: string;
  /** The browser was offline: nothing reached the server (message says so in the reader's language). */
  offline?: true;
  /** A 429's Retry-After in seconds, when the server sent one. */
  retryAfterSeconds?: number;
}

/** Retry-After as seconds (the delta-seconds form; an HTTP date is turned into seconds from now). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The server's `message` when the body has one (or, offline, the sentence saying nothing was sent). */
export function serverMessage(error: unknown): string | undefined {
  if (!isRecord(error)) return undefined;
  if (error.offline === true && typeof error.message === 'string') return error.message;
  const data = error.data;
  if (isRecord(data) && typeof data.message === 'string' && data.message !== '') return data.message;
  if (isRecord(data) && typeof data.error === 'string' && data.error !== '') return data.error;
  return undefined;
}

/** The server's code for a refusal ('COMMUNITY_MUTED'), for the answers a screen words itself. */
export function serverCode(error: unknown): string | undefined {
  const data = isRecord(error) ? error.data : undefined;
  return isRecord(data) && typeof data.code === 'string' ? data.code : undefined;
}

function withParams(url: string, params: RequestArgs['params']): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const query = search.toString();
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

async function readBody(response: Response): Promise<{ data: unknown; text: string }> {
  const text = await response.text();
  if (text === '') return { data: undefined, text };
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return { data: JSON.parse(text) as unknown, text };
    } catch {
      return { data: text, text };
    }
  }
  return { data: text, text };
}

/**
 * The shared request helper of §7: JSON headers, credentials, the CSRF header on non-GET calls,
 * JSON bodies (FormData passes through for multipart calls), and `status: text` error messages.
 */
export function createBaseQuery(
  fetchImpl: FetchLike = (input, init) => fetch(input, init),
): BaseQueryFn<string | RequestArgs, unknown, ApiError> {
  return async (args, api) => {
    const request: RequestArgs = typeof args === 'string' ? { url: args } : args;
    const method = (request.method ?? 'GET').toUpperCase();
    const url = withParams(request.url, request.params);
    const isForm = typeof FormData !== 'undefined' && request.body instanceof FormData;
    const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
    // The language the reader chose, not the device's: the server writes mails in it (sign-up, reset, notify-me).
    if (i18n.language) headers['Accept-Language'] = i18n.language;
    if (!isForm) headers['Content-Type'] = 'application/json';
    if (needsCsrf(method)) {
      const token = await getCsrfToken(url, fetchImpl);
      if (token) headers[CSRF_HEADER] = token;
    }
    const init: RequestInit = { method, headers, credentials: 'include', signal: api.signal };
    if (request.body !== undefined && method !== 'GET') {
      init.body = isForm ? (request.body as FormData) : JSON.stringify(request.body);
    }
    let response: Response;
    try {
      response = await fetchImpl(url, init);
    } catch (error) {
      // A request the app cancelled itself (a stale search as the member types) is no failure.
      if (!api.signal.aborted) console.error(`Network request failed: ${method} ${url}`, error);
      // Offline, a write is not queued to be sent later behind the member's back: they are told.
      const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
      const message = offline
        ? i18n.t(method === 'GET' ? 'pwa.offline' : 'pwa.offlineSend')
        : error instanceof Error
          ? error.message
          : String(error);
      return { error: { status: 'FETCH_ERROR', message, ...(offline ? { offline: true as const } : {}) } };
    }
    const { data, text } = await readBody(response);
    if (!response.ok) {
      const error: ApiError = {
        status: response.status,
        data,
        message: `${response.status}: ${text || response.statusText}`,
      };
      const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
      if (retryAfter !== undefined) error.retryAfterSeconds = retryAfter;
      return { error };
    }
    return { data };
  };
}
