import type { FetchLike } from '@/app/csrf';
import { fakeResponse } from '@/testing/render';

/**
 * Test double for the auth endpoints the debug console calls: register and login sign in, logout
 * signs out, me answers 401 when signed out. POSTs without the X-CSRF-Token header get 403, as the
 * real server does. Records every call as `METHOD /path`.
 */
export function fakeAuthServer(overrides: Record<string, { status: number; body?: unknown }> = {}) {
  const calls: string[] = [];
  const csrfHeaders: Array<string | undefined> = [];
  let user: { id: string; username: string; isEmailVerified: boolean } | null = null;
  const fetchImpl: FetchLike = async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = input.split('?')[0] ?? input;
    const key = `${method} ${path}`;
    calls.push(key);
    const csrf = (init?.headers as Record<string, string> | undefined)?.['X-CSRF-Token'];
    csrfHeaders.push(csrf);
    const override = overrides[key];
    if (override) return fakeResponse(override);
    if (method === 'POST' && !csrf) return fakeResponse({ status: 403, body: { message: 'Invalid CSRF token' } });
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, string>) : {};
    switch (key) {
      case 'GET /api/auth/csrf':
        return fakeResponse({ body: { csrfToken: 'tok' } });
      case 'GET /api/auth/health':
        return fakeResponse({ body: { status: 'ok' } });
      case 'GET /api/auth/cookies-hint':
        return fakeResponse({ body: { cookiesReceived: [], hints: [] } });
      case 'GET /api/auth/headers':
        return fakeResponse({ body: { method: 'GET', headers: {} } });
      case 'GET /api/auth/me':
        return user
          ? fakeResponse({ body: { user } })
          : fakeResponse({
              status: 401,
              body: { error: 'Unauthorized', message: 'Not signed in', code: 'UNAUTHORIZED' },
            });
      case 'POST /api/auth/register':
        user = { id: 'u9', username: body.username ?? '', isEmailVerified: false };
        return fakeResponse({ status: 201, body: { user } });
      case 'POST /api/auth/login':
        user = { id: 'u9', username: body.emailOrUsername ?? '', isEmailVerified: false };
        return fakeResponse({ body: { user } });
      case 'POST /api/auth/logout':
        user = null;
        return fakeResponse({ body: { success: true } });
      default:
        return fakeResponse({ status: 404, body: { message: 'Not found' } });
    }
  };
  return { fetchImpl, calls, csrfHeaders };
}
