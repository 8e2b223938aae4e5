import { i18n } from '@/i18n';

import { fakeResponse } from '../testing/render';
import { backoffDelay, shouldRetry } from './api';
import { createBaseQuery, parseRetryAfter, serverMessage } from './baseQuery';
import { fetchCsrfToken, type FetchLike, getCsrfToken, readCsrfCookie, resetCsrfCache, signedOutForSure } from './csrf';

const api = { signal: new AbortController().signal, type: 'mutation' } as unknown as Parameters<
  ReturnType<typeof createBaseQuery>
>[1];

function clearCookie() {
  document.cookie = 'dc.csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
}

describe('request layer: CSRF header', () => {
  beforeEach(() => {
    resetCsrfCache();
    clearCookie();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('reads the dc.csrf cookie URL-decoded', () => {
    expect(readCsrfCookie('a=1; dc.csrf=abc%2Fdef%3D%3D; b=2')).toBe('abc/def==');
    expect(readCsrfCookie('a=1')).toBeUndefined();
  });

  it('sends no token on GET, JSON headers and credentials always', async () => {
    const fetch = jest.fn(async () => fakeResponse({ body: { ok: true } }));
    const result = await createBaseQuery(fetch)('/api/thing', api, {});
    expect(result).toEqual({ data: { ok: true } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/thing');
    expect(init.credentials).toBe('include');
    expect(init.headers).toMatchObject({ Accept: 'application/json', 'Content-Type': 'application/json' });
    expect(init.headers).not.toHaveProperty('X-CSRF-Token');
  });

  it('uses the cookie value on a POST without fetching', async () => {
    document.cookie = 'dc.csrf=from%20cookie; path=/';
    const fetch = jest.fn(async () => fakeResponse({ body: {} }));
    await createBaseQuery(fetch)({ url: '/api/posts', method: 'POST', body: { a: 1 } }, api, {});
    expect(fetch).toHaveBeenCalledTimes(1);
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.headers).toMatchObject({ 'X-CSRF-Token': 'from cookie' });
    expect(init.body).toBe('{"a":1}');
  });

  it('fetches a token when there is no cookie and caches it', async () => {
    const fetch = jest.fn(async (url: string) =>
      fakeResponse({ body: url === '/api/auth/csrf' ? { csrfToken: 'fresh' } : {} }),
    );
    const query = createBaseQuery(fetch);
    await query({ url: '/api/a', method: 'DELETE' }, api, {});
    await query({ url: '/api/b', method: 'PATCH', body: {} }, api, {});
    const urls = fetch.mock.calls.map((c) => (c as unknown as [string])[0]);
    expect(urls).toEqual(['/api/auth/csrf', '/api/a', '/api/b']);
    for (const call of fetch.mock.calls.slice(1)) {
      expect((call as unknown as [string, RequestInit])[1].headers).toMatchObject({ 'X-CSRF-Token': 'fresh' });
    }
  });

  it('always fetches a fresh token first for login', async () => {
    document.cookie = 'dc.csrf=old; path=/';
    const fetch = jest.fn(async () => fakeResponse({ body: { csrfToken: 'new' } }));
    await expect(getCsrfToken('/api/auth/login', fetch, () => undefined)).resolves.toBe('new');
    expect(fetch).toHaveBeenCalledWith('/api/auth/csrf', expect.objectContaining({ credentials: 'include' }));
  });

  it('forgets the cached token once the session changes: the server bound a new one to it', async () => {
    let issued = 0;
    const fetch = jest.fn(async (url: string) =>
      fakeResponse({ body: url === '/api/auth/csrf' ? { csrfToken: `token-${++issued}` } : {} }),
    );
    const query = createBaseQuery(fetch);
    const sent = () =>
      fetch.mock.calls
        .filter((c) => (c as unknown as [string])[0] !== '/api/auth/csrf')
        .map((c) => ((c as unknown as [string, RequestInit])[1].headers as Record<string, string>)['X-CSRF-Token']);
    await query({ url: '/api/auth/login', method: 'POST', body: {} }, api, {});
    await query({ url: '/api/posts', method: 'POST', body: {} }, api, {});
    await query({ url: '/api/likes', method: 'POST', body: {} }, api, {});
    await query({ url: '/api/auth/logout', method: 'POST' }, api, {});
    await query({ url: '/api/auth/register', method: 'POST', body: {} }, api, {});
    await query({ url: '/api/posts', method: 'POST', body: {} }, api, {});
    // Signed in: a new token, kept; signed out, and signed up: each time a new one.
    expect(sent()).toEqual(['token-1', 'token-2', 'token-2', 'token-2', 'token-3', 'token-4']);
  });

  it('goes on without the header when the token fetch fails, and logs it', async () => {
    const fetch = jest.fn(async (url: string) =>
      url === '/api/auth/csrf' ? Promise.reject(new Error('offline')) : fakeResponse({ body: {} }),
    );
    const result = await createBaseQuery(fetch)({ url: '/api/x', method: 'POST' }, api, {});
    expect(result).toEqual({ data: {} });
    expect((fetch.mock.calls[1] as unknown as [string, RequestInit])[1].headers).not.toHaveProperty('X-CSRF-Token');
    expect(console.error).toHaveBeenCalled();
  });

  it('turns a non-ok answer into `status: text`', async () => {
    const fetch = jest.fn(async () =>
      fakeResponse({ status: 403, body: { message: 'bad token', code: 'CSRF_INVALID' } }),
    );
    const result = await createBaseQuery(fetch)('/api/y', api, {});
    expect(result.error?.status).toBe(403);
    expect(result.error?.message).toBe('403: {"message":"bad token","code":"CSRF_INVALID"}');
    expect(result.error).not.toHaveProperty('retryAfterSeconds');
  });

  it("keeps a 429's Retry-After, in seconds", async () => {
    const fetch = jest.fn(async () =>
      fakeResponse({ status: 429, body: { message: 'Too many' }, headers: { 'retry-after': '42' } }),
    );
    const result = await createBaseQuery(fetch)('/api/ai/ask', api, {});
    expect(result.error).toMatchObject({ status: 429, retryAfterSeconds: 42 });
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe('retry rules (§9)', () => {
  it('retries queries except on 401/403; never mutations', () => {
    expect(shouldRetry({ status: 500, message: '' }, 'query')).toBe(true);
    expect(shouldRetry({ status: 'FETCH_ERROR', message: '' }, 'query')).toBe(true);
    expect(shouldRetry({ status: 401, message: '' }, 'query')).toBe(false);
    expect(shouldRetry({ status: 403, message: '' }, 'query')).toBe(false);
    expect(shouldRetry({ status: 500, message: '' }, 'mutation')).toBe(false);
  });
  it('backs off doubling from 1 s up to 30 s', () => {
    expect([1, 2, 3, 6, 10].map(backoffDelay)).toEqual([1000, 2000, 4000, 30000, 30000]);
  });
});

describe('offline', () => {
  it('names the language the reader chose, whatever the device is set to', async () => {
    const fetch = jest.fn(async () => fakeResponse({ body: { ok: true } }));
    const query = createBaseQuery(fetch);
    const languageOf = (url: string) => {
      const call = (fetch.mock.calls as unknown as [string, RequestInit][]).find(([asked]) => asked === url)!;
      return (call[1].headers as Record<string, string>)['Accept-Language'];
    };
    await i18n.changeLanguage('ar');
    await query({ url: '/api/auth/forgot-password', method: 'POST', body: { email: 'a@b.c' } }, api, {});
    await i18n.changeLanguage('en');
    await query('/api/thing', api, {});
    expect([languageOf('/api/auth/forgot-password'), languageOf('/api/thing')]).toEqual(['ar', 'en']);
  });

  const failing: FetchLike = () => Promise.reject(new TypeError('Failed to fetch'));
  const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!;
  afterEach(() => Object.defineProperty(Navigator.prototype, 'onLine', online));

  it('says plainly that a write was not sent, and a read that the screen is offline', async () => {
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });
    const query = createBaseQuery(failing);
    const write = await query({ url: '/api/posts', method: 'POST', body: { content: 'x' } }, api, {});
    expect(write.error).toEqual({ status: 'FETCH_ERROR', offline: true, message: "You're offline. Nothing was sent." });
    expect(serverMessage(write.error)).toBe("You're offline. Nothing was sent.");
    const read = await query('/api/feed', api, {});
    expect(read.error?.message).toMatch(/^You're offline\. You're reading what was saved/);
  });

  it('keeps the browser`s own words when it believes it is online', async () => {
    const query = createBaseQuery(failing);
    const read = await query('/api/feed', api, {});
    expect(read.error).toEqual({ status: 'FETCH_ERROR', message: 'Failed to fetch' });
    expect(serverMessage(read.error)).toBeUndefined();
  });
});

describe('a visitor the token answer shows signed out', () => {
  const answer =
    (body: object): FetchLike =>
    () =>
      Promise.resolve(fakeResponse({ body }));

  it('is signed out for sure once, when no session cookie came with the token request', async () => {
    await fetchCsrfToken(answer({ csrfToken: 't1', sessionCookie: false }));
    expect(signedOutForSure()).toBe(true);
    // Only the first check: after a sign-in the next one asks the server.
    expect(signedOutForSure()).toBe(false);
  });

  it('is asked about when a session cookie came, or the server did not say', async () => {
    await fetchCsrfToken(answer({ csrfToken: 't2', sessionCookie: true }));
    expect(signedOutForSure()).toBe(false);
    await fetchCsrfToken(answer({ csrfToken: 't3' }));
    expect(signedOutForSure()).toBe(false);
  });
});

describe('the start-up hint and a sign-in', () => {
  it('no longer says signed out once a sign-in has been sent, though no /me asked before it', async () => {
    await fetchCsrfToken(() => Promise.resolve(fakeResponse({ body: { csrfToken: 't4', sessionCookie: false } })));
    await getCsrfToken('/api/auth/login', () =>
      Promise.resolve(fakeResponse({ body: { csrfToken: 't5', sessionCookie: false } })),
    );
    expect(signedOutForSure()).toBe(false);
  });
});
