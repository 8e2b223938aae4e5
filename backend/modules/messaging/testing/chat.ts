import type { Runtime } from '../../../src/runtime';
import type { Member } from '../../identity/testing/members';

/** Starts (or finds) the conversation between two members through the API. */
export async function conversationBetween(a: Member, b: Member): Promise<string> {
  const res = await a.agent.post('/api/conversations').set('X-CSRF-Token', a.token).send({ userId: b.id });
  if (res.status !== 201) throw new Error(`POST /api/conversations answered ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

export function sendMessage(from: Member, body: Record<string, unknown>) {
  return from.agent.post('/api/messages').set('X-CSRF-Token', from.token).send(body);
}

/** The dc.sid cookie of a member's agent, for a socket handshake. */
export function sessionCookieOf(runtime: Runtime, member: Member): string {
  const base = new URL('http://127.0.0.1/');
  const jar = (member.agent as unknown as { jar: { getCookie(name: string, access: unknown): { value: string } | undefined } }).jar;
  const cookie = jar.getCookie('dc.sid', { domain: base.hostname, path: '/', secure: false, script: false });
  if (!cookie) throw new Error(`no session cookie for ${member.username} (${runtime.role})`);
  return `dc.sid=${cookie.value}`;
}
