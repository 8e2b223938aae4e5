import { resetCsrfCache } from '@/app/csrf';

import { fakeAuthServer } from '../testing/fakeAuthServer';
import type { DiagnosticResult } from './diagnostic';
import {
  generateTestCredentials,
  hasAllCredentials,
  runFullAuthFlow,
  VERIFICATION_CHECK_DELAY_MS,
} from './fullAuthFlow';

describe('the debug full flow (spec part 2 §4)', () => {
  beforeEach(() => resetCsrfCache());
  const credentials = { email: 'authdebug_x@example.com', username: 'authdebug_x', password: 'Debug#x1A' };

  it('runs csrf, register, me, logout, me, login, me, the delayed verification check, and a clean-up logout', async () => {
    const { fetchImpl, calls } = fakeAuthServer();
    const rows: DiagnosticResult[] = [];
    const waits: number[] = [];
    const passed = await runFullAuthFlow(credentials, (row) => rows.push(row), {
      fetchImpl,
      wait: async (ms) => {
        waits.push(ms);
      },
    });
    expect(passed).toBe(true);
    expect(rows.map((r) => `${r.step} ${r.endpoint} ${r.status}`)).toEqual([
      'csrf GET /api/auth/csrf 200',
      'register POST /api/auth/register 201',
      'me GET /api/auth/me 200',
      'logout POST /api/auth/logout 200',
      'meSignedOut GET /api/auth/me 401',
      'login POST /api/auth/login 200',
      'meSignedIn GET /api/auth/me 200',
      'verification GET /api/auth/me 200',
      'cleanup POST /api/auth/logout 200',
    ]);
    expect(rows.every((r) => r.expected)).toBe(true);
    expect(waits).toEqual([VERIFICATION_CHECK_DELAY_MS]);
    expect(calls).toContain('POST /api/auth/register');
  });

  it('stops at the first step that does not answer as expected', async () => {
    const { fetchImpl, calls } = fakeAuthServer({
      'POST /api/auth/register': { status: 409, body: { message: 'Username already taken' } },
    });
    const rows: DiagnosticResult[] = [];
    const passed = await runFullAuthFlow(credentials, (row) => rows.push(row), { fetchImpl, wait: async () => {} });
    expect(passed).toBe(false);
    expect(rows.map((r) => [r.step, r.expected])).toEqual([
      ['csrf', true],
      ['register', false],
    ]);
    expect(rows[1]!.error).toContain('Username already taken');
    expect(calls).not.toContain('POST /api/auth/login');
  });

  it('generates throwaway credentials that pass the sign-up rules, different each time', () => {
    const a = generateTestCredentials(() => 0.123);
    const b = generateTestCredentials(() => 0.456);
    expect(a).not.toEqual(b);
    for (const c of [a, b, generateTestCredentials(() => 0)]) {
      expect(c.username).toMatch(/^authdebug_[a-z0-9]{8}$/);
      expect(c.email).toBe(`${c.username}@example.com`);
      expect(c.password).toMatch(/[a-z]/);
      expect(c.password).toMatch(/[A-Z]/);
      expect(c.password).toMatch(/[0-9]/);
      expect(c.password).toMatch(/[^A-Za-z0-9]/);
      expect(c.password.length).toBeGreaterThanOrEqual(8);
    }
  });

  it('needs all three credentials', () => {
    expect(hasAllCredentials(credentials)).toBe(true);
    expect(hasAllCredentials({ ...credentials, email: ' ' })).toBe(false);
    expect(hasAllCredentials({ ...credentials, username: '' })).toBe(false);
    expect(hasAllCredentials({ ...credentials, password: '' })).toBe(false);
  });
});
