import { randomBytes } from 'node:crypto';

import { type Agent, csrfAgent, currentCsrfToken } from '@platform/http/testing/csrf-agent';
import request from 'supertest';
import type { App } from 'supertest/types';

import type { Runtime } from '../runtime';

export interface Member {
  agent: Agent;
  token: string;
  email: string;
  username: string;
  password: string;
  displayName: string;
  id: string;
}

export const PASSWORD = 'Bismillah#2026';

export function newDetails(tag = randomBytes(4).toString('hex')) {
  return {
    email: `amina.${tag}@example.test`,
    username: `amina_${tag}`,
    password: PASSWORD,
    displayName: `Amina ${tag}`,
  };
}

/** Identity tests run with TRUST_PROXY=true so each visitor can come from an address of its own. */
export const IDENTITY_TEST_ENV = { TRUST_PROXY: 'true' };

const randomIp = () => `10.${[0, 0, 0].map(() => randomBytes(1)[0]).join('.')}`;

/** A fresh browser-like visitor: its own address, CSRF token and cookie jar. */
export function anonymous(runtime: Runtime, ip = randomIp()) {
  return visitorOf(runtime.http!.getHttpServer(), ip);
}

/** The same, for `app`: an HTTP server, or the URL of one. */
async function visitorOf(app: App, ip = randomIp()) {
  const { agent, token } = await csrfAgent(app);
  agent.set('X-Forwarded-For', ip);
  return { agent, token, ip };
}

/** Registers through the API as a fresh visitor. */
export function registerMember(runtime: Runtime, details = newDetails()): Promise<Member> {
  return registerVisitor(runtime.http!.getHttpServer(), details);
}

/** Registers through the API of `app` (an HTTP server, or the URL of one) as a fresh visitor from its own address. */
export async function registerVisitor(app: App, details = newDetails()): Promise<Member & { ip: string }> {
  const { agent, token, ip } = await visitorOf(app);
  const res = await agent.post('/api/auth/register').set('X-CSRF-Token', token).send(details);
  if (res.status !== 201)
    throw new Error(
      `register at ${typeof app === 'string' ? app : 'the app'} answered ${res.status} ${JSON.stringify(res.body)}`,
    );
  // Signing up starts a session, and with it a CSRF token bound to it (the guest's is refused now).
  const signedInToken = currentCsrfToken(agent, typeof app === 'string' ? app : undefined);
  return { agent, token: signedInToken, ...details, id: res.body.user.id, ip };
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  template: string;
  links: string[];
  /** List-Unsubscribe and the like (mail module's mailHeaders). */
  headers: Record<string, string>;
}

/** Mails sent to an address, newest first, once the queue has delivered them. */
export async function mailsTo(runtime: Runtime, to: string): Promise<OutboxMail[]> {
  await runtime.platform.jobQueue.idle();
  const res = await request(runtime.http!.getHttpServer()).get('/api/dev/outbox').query({ to, limit: 100 }).expect(200);
  return res.body.mails as OutboxMail[];
}

/** The path and query of the newest link of a template sent to an address. */
export async function latestLink(runtime: Runtime, to: string, template: string): Promise<string> {
  const mail = (await mailsTo(runtime, to)).find((m) => m.template === template);
  if (!mail) throw new Error(`no ${template} mail for ${to}`);
  const url = new URL(mail.links[0]!);
  return url.pathname + url.search;
}

/** The dc.sid cookie of a member's agent, for a socket handshake or a raw request. */
export function sessionCookieOf(runtime: Runtime, member: Member): string {
  const base = new URL('http://127.0.0.1/');
  const jar = (
    member.agent as unknown as { jar: { getCookie(name: string, access: unknown): { value: string } | undefined } }
  ).jar;
  const cookie = jar.getCookie('dc.sid', { domain: base.hostname, path: '/', secure: false, script: false });
  if (!cookie) throw new Error(`no session cookie for ${member.username} (${runtime.role})`);
  return `dc.sid=${cookie.value}`;
}
