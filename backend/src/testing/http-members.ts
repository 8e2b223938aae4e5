import type { Agent } from '@platform/http/testing/csrf-agent';
import request from 'supertest';

import { type Member, newDetails, registerVisitor } from './members';

/**
 * Members of an app reached over HTTP at a URL (an app process started by app-processes.ts), the
 * counterpart of src/testing/members.ts, which needs an in-process runtime. The apps
 * must run with TRUST_PROXY=true: each visitor comes from an address of its own (X-Forwarded-For),
 * so sign-up limits per address do not get in the way.
 */

/** A member with the base URL their agent talks to and the address they come from. */
export type HttpMember = Member & { url: string; ip: string };

interface CookieJar {
  getCookie(name: string, access: unknown): { value: string } | undefined;
  getCookies(access: unknown): { toValueString(): string };
  setCookies(cookies: string[], domain?: string, path?: string): void;
}

const jarOf = (agent: Agent) => (agent as unknown as { jar: CookieJar }).jar;
const access = (url: string) => ({ domain: new URL(url).hostname, path: '/', secure: false, script: false });

/** Signs up a fresh visitor through `url` (CSRF token first, as a browser does). */
export async function registerMemberAt(url: string, details = newDetails()): Promise<HttpMember> {
  return { ...(await registerVisitor(url, details)), url };
}

/** The member's dc.sid cookie, for a socket handshake. */
export function sessionCookieAt(member: HttpMember): string {
  const cookie = jarOf(member.agent).getCookie('dc.sid', access(member.url));
  if (!cookie) throw new Error(`no session cookie for ${member.username} (${member.url})`);
  return `dc.sid=${cookie.value}`;
}

/**
 * The same browser (same cookies: session and CSRF, same address) talking to another instance at
 * `url`, as behind a load balancer that does not pin sessions.
 */
export function sameBrowserAt(member: HttpMember, url: string): HttpMember {
  const agent = request.agent(url);
  const cookies = jarOf(member.agent).getCookies(access(member.url)).toValueString();
  if (cookies) jarOf(agent).setCookies(cookies.split('; '), new URL(url).hostname, '/');
  agent.set('X-Forwarded-For', member.ip);
  return { ...member, agent, url };
}

/** Every cookie the member's browser holds for its URL (session, CSRF), as a Cookie header. */
export function cookieHeaderAt(member: HttpMember): string {
  return jarOf(member.agent).getCookies(access(member.url)).toValueString();
}
