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
