import request from 'supertest';
import type { App } from 'supertest/types';

export type Agent = ReturnType<typeof request.agent>;

/**
 * A supertest agent that has fetched its CSRF token: it keeps cookies (dc.csrf, and dc.sid once
 * signed in) like a browser; send `.set('X-CSRF-Token', token)` on every POST, PUT, PATCH, DELETE.
 */
export async function csrfAgent(server: App): Promise<{ agent: Agent; token: string }> {
  const agent = request.agent(server);
  const res = await agent.get('/api/auth/csrf').expect(200);
  const token = (res.body as { csrfToken?: unknown }).csrfToken;
  if (typeof token !== 'string') throw new Error(`GET /api/auth/csrf answered ${JSON.stringify(res.body)}`);
  return { agent, token };
}

interface Jar {
  getCookie(name: string, access: unknown): { value: string } | undefined;
}

/**
 * The agent's dc.csrf cookie as it is now. Tokens are bound to the session: signing in, signing up,
 * signing out and deleting the account each set a new one, which a browser's app reads from the
 * cookie before its next write. base: the URL the agent talks to (default: a server of this process).
 */
export function currentCsrfToken(agent: Agent, base = 'http://127.0.0.1/'): string {
  const jar = (agent as unknown as { jar: Jar }).jar;
  const cookie = jar.getCookie('dc.csrf', { domain: new URL(base).hostname, path: '/', secure: false, script: false });
  if (!cookie) throw new Error(`the agent holds no dc.csrf cookie for ${base}`);
  return cookie.value;
}
