import { fakeResponse, type FakeRoute, MEMBER } from './render';

export interface Call {
  method: string;
  path: string;
  url: string;
  body: unknown;
}

/**
 * Test helper: a global fetch whose answers may be promises (to hold a request open and look at the
 * optimistic state) and that records every call with its parsed JSON body. `/api/auth/me` answers
 * `user` (signed out when null). Unanswered calls get 404.
 */
export function installFetch(
  answer: (call: Call) => FakeRoute | Promise<FakeRoute> | undefined,
  user: object | null = MEMBER,
): Call[] {
  const calls: Call[] = [];
  (globalThis as { fetch?: unknown }).fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.split('?')[0] ?? url;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, path, url, body };
    calls.push(call);
    if (path === '/api/auth/csrf') return fakeResponse({ body: { csrfToken: 'tok' } });
    if (path === '/api/auth/me')
      return fakeResponse(user ? { body: { user } } : { status: 401, body: { message: 'Unauthorized' } });
    const route = await answer(call);
    return fakeResponse(route ?? { status: 404, body: { message: 'Not found' } });
  });
  return calls;
}
