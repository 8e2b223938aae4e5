import request from 'supertest';

import type { Runtime } from '../runtime';
import { latestLink, type Member, registerMember } from './members';

/** A member who followed the verification link from the outbox, as a real member would. */
export async function registerVerifiedMember(runtime: Runtime): Promise<Member> {
  const member = await registerMember(runtime);
  const link = await latestLink(runtime, member.email, 'verify-email');
  const res = await request(runtime.http!.getHttpServer()).get(link);
  if (res.headers.location !== '/?verified=success')
    throw new Error(`verification answered ${res.status} ${res.headers.location}`);
  return member;
}

/** Posts as the member and returns the answer's body (201 expected). */
export async function createPost(member: Member, body: Record<string, unknown>) {
  const res = await member.agent.post('/api/posts').set('X-CSRF-Token', member.token).send(body);
  if (res.status !== 201) throw new Error(`POST /api/posts answered ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string } & Record<string, unknown>;
}
