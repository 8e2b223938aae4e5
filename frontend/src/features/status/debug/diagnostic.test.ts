import { resetCsrfCache } from '@/app/csrf';
import { fakeResponse } from '@/testing/render';

import { fakeAuthServer } from '../testing/fakeAuthServer';
import { debugCall, rowTone, testCsrf } from './diagnostic';

describe('rowTone (spec part 2 §2: green 2xx, red 400 and above, yellow otherwise)', () => {
  it.each([
    [200, 'success'],
    [201, 'success'],
    [299, 'success'],
    [304, 'warning'],
    [101, 'warning'],
    [0, 'warning'],
    [400, 'error'],
    [401, 'error'],
    [503, 'error'],
    [null, 'info'],
  ] as const)('%s is %s', (status, tone) => {
    expect(rowTone(status)).toBe(tone);
  });
});

describe('debugCall', () => {
  beforeEach(() => resetCsrfCache());

  it('records the endpoint, status and JSON body of an answer', async () => {
    const { fetchImpl } = fakeAuthServer();
    const row = await debugCall({ path: '/api/auth/health' }, fetchImpl);
    expect(row).toMatchObject({ endpoint: 'GET /api/auth/health', status: 200, data: { status: 'ok' } });
    expect(row.error).toBeUndefined();
    expect(Date.parse(row.timestamp)).not.toBeNaN();
  });

  it('keeps the error message and body of a failed status', async () => {
    const { fetchImpl } = fakeAuthServer();
    const row = await debugCall({ path: '/api/auth/me' }, fetchImpl);
    expect(row.status).toBe(401);
    expect(row.error).toContain('401');
    expect(row.data).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('records a request that got no answer with status 0 and the error message (§8)', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const row = await debugCall({ path: '/api/auth/health' }, async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(row).toMatchObject({ status: 0, error: 'Failed to fetch' });
    expect(rowTone(row.status)).toBe('warning');
  });

  it('sends POSTs through the request layer, with the CSRF header, and reports the call, not the token fetch', async () => {
    const { fetchImpl, calls, csrfHeaders } = fakeAuthServer();
    const row = await debugCall({ method: 'POST', path: '/api/auth/logout' }, fetchImpl);
    expect(calls).toEqual(['GET /api/auth/csrf', 'POST /api/auth/logout']);
    expect(csrfHeaders[1]).toBe('tok');
    expect(row).toMatchObject({ endpoint: 'POST /api/auth/logout', status: 200 });
  });

  it('reads a non-JSON answer as text', async () => {
    const row = await debugCall({ path: '/api/auth/health' }, async () =>
      fakeResponse({ status: 502, body: 'Bad gateway' }),
    );
    expect(row).toMatchObject({ status: 502, data: 'Bad gateway' });
  });
});

describe('testCsrf', () => {
  it('gets a token, asks for the cookie hints, then calls me with the X-CSRF-Token header', async () => {
    const { fetchImpl, calls, csrfHeaders } = fakeAuthServer();
    const rows = await testCsrf(fetchImpl);
    expect(calls).toEqual(['GET /api/auth/csrf', 'GET /api/auth/cookies-hint', 'GET /api/auth/me']);
    expect(csrfHeaders[2]).toBe('tok');
    expect(rows.map((r) => r.status)).toEqual([200, 200, 401]);
  });
});
