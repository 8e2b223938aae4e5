import type { Member } from './members';

/** Starts (or finds) the conversation between two members through the API. */
export async function conversationBetween(a: Member, b: Member): Promise<string> {
  const res = await a.agent.post('/api/conversations').set('X-CSRF-Token', a.token).send({ userId: b.id });
  if (res.status !== 201) throw new Error(`POST /api/conversations answered ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

export function sendMessage(from: Member, body: Record<string, unknown>) {
  return from.agent.post('/api/messages').set('X-CSRF-Token', from.token).send(body);
}

export { sessionCookieOf } from './members';
