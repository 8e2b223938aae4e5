import type { FetchLike } from '@/app/csrf';

import { debugCall, type DebugRequest, type DiagnosticResult } from './diagnostic';

export interface TestCredentials {
  email: string;
  username: string;
  password: string;
}

/** The spec's check before the flow runs (part 2 §5). */
export const MISSING_CREDENTIALS = 'Please fill in all test credentials';

/** Wait before the verification check (§4: "the console also checks verification after 2 seconds"). */
export const VERIFICATION_CHECK_DELAY_MS = 2000;

/**
 * Random throwaway credentials that pass the sign-up rules: a labelled username, an address on a
 * reserved domain that receives no mail, and a password with every character class.
 */
export function generateTestCredentials(random: () => number = Math.random): TestCredentials {
  const tag = Math.floor(random() * 36 ** 8)
    .toString(36)
    .padStart(8, '0');
  return {
    email: `authdebug_${tag}@example.com`,
    username: `authdebug_${tag}`,
    password: `Debug#${tag}A1`,
  };
}

export function hasAllCredentials(c: TestCredentials): boolean {
  return c.email.trim() !== '' && c.username.trim() !== '' && c.password !== '';
}

export type FlowStepName =
  | 'csrf'
  | 'register'
  | 'me'
  | 'logout'
  | 'meSignedOut'
  | 'login'
  | 'meSignedIn'
  | 'verification'
  | 'cleanup';

interface FlowStep {
  name: FlowStepName;
  request: (c: TestCredentials) => DebugRequest;
  /** The status this step should answer with when the auth system works. */
  expect: number;
  /** Waits this long first. */
  delayMs?: number;
}

/**
 * Spec part 2 §4 "Debug full flow": CSRF token, register, me, logout, me (now signed out), login,
 * me, and the verification check 2 seconds later; then a logout, so the page does not leave the
 * browser signed in as the throwaway account. POSTs carry the X-CSRF-Token header the request
 * layer adds from the cookie the first step set.
 */
export const FULL_FLOW: readonly FlowStep[] = [
  { name: 'csrf', request: () => ({ path: '/api/auth/csrf' }), expect: 200 },
  {
    name: 'register',
    request: (c) => ({
      method: 'POST',
      path: '/api/auth/register',
      body: { email: c.email, username: c.username, password: c.password, displayName: 'Auth Debug Test' },
    }),
    expect: 201,
  },
  { name: 'me', request: () => ({ path: '/api/auth/me' }), expect: 200 },
  { name: 'logout', request: () => ({ method: 'POST', path: '/api/auth/logout' }), expect: 200 },
  { name: 'meSignedOut', request: () => ({ path: '/api/auth/me' }), expect: 401 },
  {
    name: 'login',
    request: (c) => ({
      method: 'POST',
      path: '/api/auth/login',
      body: { emailOrUsername: c.username, password: c.password },
    }),
    expect: 200,
  },
  { name: 'meSignedIn', request: () => ({ path: '/api/auth/me' }), expect: 200 },
  {
    name: 'verification',
    request: () => ({ path: '/api/auth/me' }),
    expect: 200,
    delayMs: VERIFICATION_CHECK_DELAY_MS,
  },
  { name: 'cleanup', request: () => ({ method: 'POST', path: '/api/auth/logout' }), expect: 200 },
];

export interface FlowDeps {
  fetchImpl?: FetchLike;
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs every step in order, handing each row to `onRow` as it arrives, and stops at the first step
 * whose status is not the expected one. Returns whether every step answered as expected.
 */
export async function runFullAuthFlow(
  credentials: TestCredentials,
  onRow: (row: DiagnosticResult) => void,
  { fetchImpl, wait = sleep }: FlowDeps = {},
): Promise<boolean> {
  for (const step of FULL_FLOW) {
    if (step.delayMs) await wait(step.delayMs);
    const row = await debugCall(step.request(credentials), fetchImpl);
    row.step = step.name;
    row.expected = row.status === step.expect;
    onRow(row);
    if (!row.expected) return false;
  }
  return true;
}
