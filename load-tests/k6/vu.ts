/**
 * One k6 VU in a worker thread: the script's module evaluated here with the k6 API of this file,
 * iterations run synchronously as in k6 (http calls block on Atomics.wait while the main thread
 * does the I/O, sleep blocks the thread), samples posted to the main thread in batches.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type MessagePort, parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';

import { CookieJar } from './cookie-jar';
import type { WireRequest, WireResponse } from './io';
import type { MetricType, Sample } from './metrics';

export interface VUData {
  scriptUrl: string;
  hooksUrl: string;
  vu: number;
  env: Record<string, string>;
  io: MessagePort;
  ioSignal: SharedArrayBuffer;
  /** [0]: 1 = stop after the current iteration. */
  control: SharedArrayBuffer;
  noCookiesReset: boolean;
  maxRedirects: number;
}

export type ToVU =
  | { type: 'call'; fn: 'setup' | 'teardown'; data: unknown }
  | {
      type: 'run';
      scenario: string;
      exec: string;
      data: unknown;
      env: Record<string, string>;
      tags: Record<string, string>;
      /** per-vu: this many iterations; shared: take turns from `shared` up to this many; else until stopped. */
      iterations: number;
      mode: 'duration' | 'per-vu' | 'shared';
      shared: SharedArrayBuffer | null;
    };

export type FromVU =
  | { type: 'ready'; exports: string[] }
  | { type: 'init-error'; message: string }
  | { type: 'called'; result: unknown; error: string | null }
  | { type: 'samples'; samples: Sample[] }
  | { type: 'iteration-error'; message: string }
  | { type: 'idle' };

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

/** Everything the VU's script sees of k6, bound to this VU. */
export function createVU(data: VUData) {
  const ioSignal = new Int32Array(data.ioSignal);
  const control = new Int32Array(data.control);
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  const jar = new CookieJar();
  let pending: Sample[] = [];
  let lastFlush = performance.now();
  let inInit = true;
  let group = '';
  let scenario = { name: '', tags: {} as Record<string, string>, iteration: 0 };
  let expected: Status[] = [{ min: 200, max: 399 }];

  const post = (message: FromVU) => parentPort!.postMessage(message);
  const flush = () => {
    if (pending.length) post({ type: 'samples', samples: pending });
    pending = [];
    lastFlush = performance.now();
  };
  const emit = (metric: string, type: MetricType, value: number, tags: Record<string, string>, time?: boolean) => {
    pending.push({
      metric,
      type,
      value,
      tags: { ...scenario.tags, scenario: scenario.name, group, ...tags },
      ...(time && { time }),
    });
    if (pending.length >= 500 || performance.now() - lastFlush > 250) flush();
  };

  const send = (req: WireRequest): WireResponse => {
    Atomics.store(ioSignal, 0, 0);
    data.io.postMessage(req);
    // The main thread always answers (a network error or timeout is an answer); the bound is a guard.
    if (Atomics.wait(ioSignal, 0, 0, req.timeoutMs + 30_000) === 'timed-out')
      throw new Error(`no answer from the runner for ${req.method} ${req.url}`);
    return receiveMessageOnPort(data.io)!.message as WireResponse;
  };

  const isExpected = (status: number, statuses: Status[]) => statuses.some((s) => status >= s.min && status <= s.max);

  function request(method: string, url: unknown, body?: unknown, params: RequestParams = {}) {
    if (inInit) throw new Error('Making http requests in the init context is not supported (move it into a function)');
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
      const fromJar = jar.matching(currentUrl);
      const cookieMap = new Map(fromJar.map((c) => [c.name, c.value]));
      for (const [name, v] of Object.entries(extraCookies)) {
        const value = typeof v === 'string' ? v : v.value;
        if (typeof v === 'string' || v.replace || !cookieMap.has(name)) cookieMap.set(name, value);
      }
      const sentHeaders = { ...headers };
      if (cookieMap.size) sentHeaders.cookie = [...cookieMap].map(([n, v]) => `${n}=${v}`).join('; ');
      const res = send({
        method: currentMethod,
        url: currentUrl,
        headers: sentHeaders,
        body: currentBody,
        timeoutMs,
        discard: params.responseType === 'none',
      });
      const setCookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
      const received = jar.storeFromResponse(currentUrl, setCookies);
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
      emit('http_reqs', 'counter', 1, tags);
      emit('http_req_duration', 'trend', res.timings.duration, tags);
      emit('http_req_waiting', 'trend', res.timings.waiting, tags);
      emit('http_req_failed', 'rate', ok ? 0 : 1, tags);
      emit('data_received', 'counter', res.bytesIn, tags);
      emit('data_sent', 'counter', res.bytesOut, tags);
      const location = res.headers.location;
      const maxRedirects = params.redirects ?? data.maxRedirects;
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

  const http = {
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
        jar.set(url, name, value, options),
      cookiesForURL: (url: string) => jar.cookiesForURL(url),
      clear: (url: string) => jar.clear(url),
      delete: (url: string, name: string) => jar.delete(url, name),
    }),
    expectedStatuses,
    setResponseCallback: (callback: { __expected?: Status[] } | null) => {
      expected = callback?.__expected ?? [];
    },
  };

  function check(value: unknown, sets: Record<string, unknown>, tags: Record<string, string> = {}) {
    let all = true;
    for (const [name, predicate] of Object.entries(sets)) {
      const ok = typeof predicate === 'function' ? !!predicate(value) : !!predicate;
      emit('checks', 'rate', ok ? 1 : 0, { check: name, ...tags });
      all &&= ok;
    }
    return all;
  }

  function groupFn<T>(name: string, fn: () => T): T {
    const outer = group;
    group = `${outer}::${name}`;
    const t0 = performance.now();
    try {
      return fn();
    } finally {
      emit('group_duration', 'trend', performance.now() - t0, {});
      group = outer;
    }
  }

  const k6 = {
    check,
    group: groupFn,
    sleep: (seconds: number) => {
      if (seconds > 0) Atomics.wait(sleeper, 0, 0, seconds * 1000);
    },
    fail: (message = '') => {
      throw new Error(message);
    },
  };

  class CustomMetric {
    constructor(
      readonly name: string,
      private readonly type: MetricType,
      private readonly isTime = false,
    ) {}
    add(value: number | boolean, tags: Record<string, string> = {}) {
      emit(this.name, this.type, typeof value === 'boolean' ? Number(value) : value, tags, this.isTime);
    }
  }
  const metrics = {
    Counter: class extends CustomMetric {
      constructor(name: string) {
        super(name, 'counter');
      }
    },
    Gauge: class extends CustomMetric {
      constructor(name: string) {
        super(name, 'gauge');
      }
    },
    Rate: class extends CustomMetric {
      constructor(name: string) {
        super(name, 'rate');
      }
    },
    Trend: class extends CustomMetric {
      constructor(name: string, isTime = false) {
        super(name, 'trend', isTime);
      }
    },
  };

  const execution = {
    get vu() {
      return { idInTest: data.vu, iterationInInstance: scenario.iteration, iterationInScenario: scenario.iteration };
    },
    get scenario() {
      return { name: scenario.name, iterationInTest: scenario.iteration };
    },
  };

  return {
    modules: { k6, 'k6/http': http, 'k6/metrics': metrics, 'k6/execution': execution },
    endInit() {
      inInit = false;
    },
    control,
    jar,
    flush,
    emit,
    setGroup(path: string) {
      group = path;
    },
    setScenario(name: string, tags: Record<string, string>, iteration: number) {
      scenario = { name, tags, iteration };
    },
  };
}

function parseTimeout(text: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text.trim());
  if (!m) throw new Error(`timeout "${text}" is not a duration`);
  return Number(m[1]) * (m[2] === 'm' ? 60_000 : m[2] === 'ms' ? 1 : m[2] === 's' ? 1000 : 1);
}

/** An error as k6 reports it: the message and where in the script it was thrown (not the runner's frames). */
export function scriptError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const frame = (err.stack ?? '')
    .split('\n')
    .slice(1)
    .find((l) => l.includes('file://') && !l.includes('/load-tests/k6/'));
  return frame ? `${err.message} ${frame.trim()}` : err.message;
}

const importModule = new Function('url', 'return import(url)') as (url: string) => Promise<Record<string, unknown>>;

/** The worker's life: load the script, then answer the main thread's calls and runs. */
async function main(data: VUData) {
  const { register } = await import('node:module');
  register(data.hooksUrl);
  const vu = createVU(data);
  const g = globalThis as Record<string, unknown>;
  g.__k6shim = vu.modules;
  g.__ENV = { ...data.env };
  g.__VU = data.vu;
  g.__ITER = 0;
  const scriptDir = dirname(fileURLToPath(data.scriptUrl));
  g.open = (path: string, mode?: string) => {
    const file = readFileSync(resolve(scriptDir, path));
    return mode === 'b' ? file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) : file.toString('utf8');
  };
  let script: Record<string, unknown>;
  try {
    script = await importModule(data.scriptUrl);
  } catch (err) {
    parentPort!.postMessage({ type: 'init-error', message: scriptError(err) } satisfies FromVU);
    return;
  }
  vu.endInit();
  parentPort!.postMessage({ type: 'ready', exports: Object.keys(script) } satisfies FromVU);
  parentPort!.on('message', (msg: ToVU) => {
    if (msg.type === 'call') {
      vu.setScenario(msg.fn, {}, 0);
      vu.setGroup(`::${msg.fn}`);
      let result: unknown = null;
      let error: string | null = null;
      try {
        const fn = script[msg.fn] as (d: unknown) => unknown;
        // setup's data reaches the VUs as JSON, as in k6.
        result = JSON.parse(JSON.stringify(fn(msg.data) ?? null));
      } catch (err) {
        error = scriptError(err);
      }
      vu.setGroup('');
      vu.flush();
      parentPort!.postMessage({ type: 'called', result, error } satisfies FromVU);
      return;
    }
    const fn = script[msg.exec];
    Object.assign(g.__ENV as object, msg.env);
    const shared = msg.shared ? new Int32Array(msg.shared) : null;
    let iteration = 0;
    while (Atomics.load(vu.control, 0) === 0) {
      if (msg.mode === 'per-vu' && iteration >= msg.iterations) break;
      if (shared && Atomics.add(shared, 0, 1) >= msg.iterations) break;
      g.__ITER = iteration;
      vu.setScenario(msg.scenario, msg.tags, iteration);
      const t0 = performance.now();
      try {
        if (typeof fn !== 'function') throw new Error(`the script exports no function "${msg.exec}"`);
        (fn as (d: unknown) => unknown)(msg.data);
      } catch (err) {
        parentPort!.postMessage({
          type: 'iteration-error',
          message: scriptError(err),
        } satisfies FromVU);
      }
      vu.setGroup('');
      if (!data.noCookiesReset) vu.jar.clear();
      vu.emit('iteration_duration', 'trend', performance.now() - t0, {});
      vu.emit('iterations', 'counter', 1, {});
      iteration++;
    }
    vu.flush();
    parentPort!.postMessage({ type: 'idle' } satisfies FromVU);
  });
}

if (parentPort && (workerData as VUData | undefined)?.scriptUrl) void main(workerData as VUData);
