/**
 * k6/http for one VU (vu.ts): requests as k6 makes them, blocking until the main thread answered,
 * with the VU's cookie jar, redirects, expected statuses, and each request's http_* samples.
 */
import type { CookieJar } from './cookie-jar';
import type { WireRequest, WireResponse } from './io';
import type { MetricType } from './metrics';

const K6_USER_AGENT = 'k6-node-runner (DeenConnect load-tests)';

/** Dotted paths into JSON as k6's res.json(selector) takes them: `posts.0.id`, `items.#`. */
export function selectJson(value: unknown, selector: string): unknown {
  let at: unknown = value;
  for (const key of selector.split('.')) {
    if (at === null || at === undefined) return undefined;
    if (key === '#' && Array.isArray(at)) at = at.length;
    else at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/** Go's canonical header names (content-type -> Content-Type), as k6 shows res.headers. */
export function canonicalHeader(name: string): string {
  return name
    .toLowerCase()
    .split('-')
    .map((p) => (p ? p[0]!.toUpperCase() + p.slice(1) : p))
    .join('-');
}

function encodeForm(body: Record<string, unknown>): string {
  return Object.entries(body)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
}

interface Status {
  min: number;
  max: number;
}

/** The part of k6's Params the runner reads. */
interface RequestParams {
  headers?: Record<string, unknown>;
  tags?: Record<string, string>;
  cookies?: Record<string, string | { value: string; replace?: boolean }>;
  timeout?: string | number;
  redirects?: number;
  responseType?: 'text' | 'none' | 'binary';
  responseCallback?: { __expected?: Status[] } | null;
}

/** What k6/http needs of its VU. */
export interface HttpVU {
  /** Sends one request through the main thread and blocks until it answers. */
  send(req: WireRequest): WireResponse;
  jar: CookieJar;
  emit(metric: string, type: MetricType, value: number, tags: Record<string, string>): void;
  /** True while the script's module is evaluated: k6 makes no requests there. */
  inInit(): boolean;
  maxRedirects: number;
}

/** The k6/http module bound to one VU. */
export function createHttp(vu: HttpVU) {
  let expected: Status[] = [{ min: 200, max: 399 }];

  const isExpected = (status: number, statuses: Status[]) => statuses.some((s) => status >= s.min && status <= s.max);

  function request(method: string, url: unknown, body?: unknown, params: RequestParams = {}) {
    if (vu.inInit())
      throw new Error('Making http requests in the init context is not supported (move it into a function)');
    const target =
      typeof url === 'object' && url !== null && 'url' in url ? String((url as { url: string }).url) : String(url);
    const headers: Record<string, string> = { 'user-agent': K6_USER_AGENT };
    for (const [k, v] of Object.entries((params.headers ?? {}) as Record<string, unknown>))
      headers[k.toLowerCase()] = String(v);
    let payload: string | null = null;
    if (body !== undefined && body !== null) {
      if (typeof body === 'string') payload = body;
      else if (body instanceof ArrayBuffer || ArrayBuffer.isView(body))
        payload = Buffer.from(body as ArrayBuffer).toString('latin1');
      else {
        payload = encodeForm(body as Record<string, unknown>);
        headers['content-type'] ??= 'application/x-www-form-urlencoded';
      }
    }
    const extraCookies = (params.cookies ?? {}) as Record<string, string | { value: string; replace?: boolean }>;
    const timeoutMs =
      params.timeout === undefined
        ? 60_000
        : typeof params.timeout === 'number'
          ? params.timeout
          : parseTimeout(String(params.timeout));
    const statuses: Status[] = params.responseCallback?.__expected ?? expected;
    const userTags = (params.tags ?? {}) as Record<string, string>;
    let currentUrl = target;
    let currentMethod = method.toUpperCase();
    let currentBody = payload;
    for (let hop = 0; ; hop++) {
      const fromJar = vu.jar.matching(currentUrl);
      const cookieMap = new Map(fromJar.map((c) => [c.name, c.value]));
      for (const [name, v] of Object.entries(extraCookies)) {
        const value = typeof v === 'string' ? v : v.value;
        if (typeof v === 'string' || v.replace || !cookieMap.has(name)) cookieMap.set(name, value);
      }
      const sentHeaders = { ...headers };
      if (cookieMap.size) sentHeaders.cookie = [...cookieMap].map(([n, v]) => `${n}=${v}`).join('; ');
      const res = vu.send({
        method: currentMethod,
        url: currentUrl,
        headers: sentHeaders,
        body: currentBody,
        timeoutMs,
        discard: params.responseType === 'none',
      });
      const setCookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
      const received = vu.jar.storeFromResponse(currentUrl, setCookies);
      const ok = res.errorCode === 0 && isExpected(res.status, statuses);
      const tags: Record<string, string> = {
        method: currentMethod,
        url: currentUrl,
        name:
          userTags.name ??
          (typeof url === 'object' && url && 'name' in url ? String((url as { name: string }).name) : currentUrl),
        status: String(res.status),
        expected_response: String(ok),
        ...(res.errorCode ? { error_code: String(res.errorCode) } : {}),
        ...userTags,
      };
      vu.emit('http_reqs', 'counter', 1, tags);
      vu.emit('http_req_duration', 'trend', res.timings.duration, tags);
      vu.emit('http_req_waiting', 'trend', res.timings.waiting, tags);
      vu.emit('http_req_failed', 'rate', ok ? 0 : 1, tags);
      vu.emit('data_received', 'counter', res.bytesIn, tags);
      vu.emit('data_sent', 'counter', res.bytesOut, tags);
      const location = res.headers.location;
      const maxRedirects = params.redirects ?? vu.maxRedirects;
      if (typeof location === 'string' && [301, 302, 303, 307, 308].includes(res.status) && hop < maxRedirects) {
        currentUrl = new URL(location, currentUrl).toString();
        if (res.status === 303 || ((res.status === 301 || res.status === 302) && currentMethod === 'POST')) {
          currentMethod = 'GET';
          currentBody = null;
          delete headers['content-type'];
        }
        continue;
      }
      return response(res, currentUrl, currentMethod, sentHeaders, currentBody, received);
    }
  }

  function response(
    res: WireResponse,
    url: string,
    method: string,
    sent: Record<string, string>,
    body: string | null,
    received: ReturnType<CookieJar['storeFromResponse']>,
  ) {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) headers[canonicalHeader(k)] = Array.isArray(v) ? v.join(', ') : v;
    const cookies: Record<string, typeof received> = {};
    for (const c of received) (cookies[c.name] ??= []).push(c);
    let parsed: { value: unknown } | null = null;
    return {
      status: res.status,
      status_text: `${res.status} ${res.statusText}`.trim(),
      body: res.body,
      headers,
      cookies,
      url,
      error: res.error,
      error_code: res.errorCode,
      proto: 'HTTP/1.1',
      timings: {
        duration: res.timings.duration,
        waiting: res.timings.waiting,
        sending: res.timings.sending,
        receiving: res.timings.receiving,
        connecting: res.timings.connecting,
        blocked: 0,
        tls_handshaking: 0,
      },
      request: { method, url, headers: sent, body: body ?? '', cookies: {} },
      json(selector?: string) {
        if (!parsed) {
          try {
            parsed = { value: JSON.parse(res.body) };
          } catch (err) {
            throw new Error(`cannot parse json due to an error: ${(err as Error).message}`);
          }
        }
        return selector === undefined ? parsed.value : selectJson(parsed.value, selector);
      },
    };
  }

  const expectedStatuses = (...list: (number | { min: number; max: number })[]) => {
    const statuses = list.map((s) => (typeof s === 'number' ? { min: s, max: s } : s));
    return { __expected: statuses };
  };

  return {
    request: (method: string, url: unknown, body?: unknown, params?: RequestParams) =>
      request(method, url, body, params),
    get: (url: unknown, params?: RequestParams) => request('GET', url, null, params),
    head: (url: unknown, params?: RequestParams) => request('HEAD', url, null, params),
    post: (url: unknown, body?: unknown, params?: RequestParams) => request('POST', url, body, params),
    put: (url: unknown, body?: unknown, params?: RequestParams) => request('PUT', url, body, params),
    patch: (url: unknown, body?: unknown, params?: RequestParams) => request('PATCH', url, body, params),
    del: (url: unknown, body?: unknown, params?: RequestParams) => request('DELETE', url, body, params),
    options: (url: unknown, body?: unknown, params?: RequestParams) => request('OPTIONS', url, body, params),
    batch: () => {
      throw new Error('http.batch is not supported by the Node runner; run the script with k6');
    },
    cookieJar: () => ({
      set: (url: string, name: string, value: string, options?: Record<string, unknown>) =>
        vu.jar.set(url, name, value, options),
      cookiesForURL: (url: string) => vu.jar.cookiesForURL(url),
      clear: (url: string) => vu.jar.clear(url),
      delete: (url: string, name: string) => vu.jar.delete(url, name),
    }),
    expectedStatuses,
    setResponseCallback: (callback: { __expected?: Status[] } | null) => {
      expected = callback?.__expected ?? [];
    },
  };
}

function parseTimeout(text: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text.trim());
  if (!m) throw new Error(`timeout "${text}" is not a duration`);
  return Number(m[1]) * (m[2] === 'm' ? 60_000 : m[2] === 'ms' ? 1 : m[2] === 's' ? 1000 : 1);
}
