import { IdentityService, type Role } from '@modules/identity';
import { type Agent, currentCsrfToken } from '@platform/http/testing/csrf-agent';

import type { Runtime } from '../runtime';
import { anonymous, type Member, registerMember } from './members';
import { createPost, registerVerifiedMember } from './verified-member';

/**
 * The six kinds of visitor an authorisation check tells apart:
 * - guest: no session (a CSRF token, as a browser has);
 * - member: signed in, e-mail not verified yet;
 * - other: a verified member who owns none of the resources below;
 * - owner: a verified member, approved teacher, who owns them (post, comment, conversation, course...);
 * - moderator, admin: verified members given the role through identity's RoleChanged, as
 *   `npm run user:promote` does.
 */
export const ROLE_NAMES = ['guest', 'member', 'other', 'owner', 'moderator', 'admin'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** Who sends a request: a cookie jar with its CSRF token, and the member behind it if any. */
export interface Visitor {
  role: RoleName;
  agent: Agent;
  token: string;
  member: Member | null;
}

export async function promoted(rt: Runtime, member: Member, role: Role): Promise<Member> {
  await rt.http!.get(IdentityService).changeRole(member.id, role, { actor: 'operator:test', requestId: null });
  return member;
}

const asVisitor = (role: RoleName, m: Member): Visitor => ({ role, agent: m.agent, token: m.token, member: m });

export interface Cast {
  visitors: Record<RoleName, Visitor>;
  /** A verified member who is none of the six: the owner's correspondent, the target of staff actions. */
  peer: Member;
}

/** Signs up the cast through the API; the teacher application of the owner is approved by the moderator. */
export async function signUpCast(rt: Runtime): Promise<Cast> {
  const guest = await anonymous(rt);
  const [member, other, owner, moderator, admin, peer] = await Promise.all([
    registerMember(rt),
    registerVerifiedMember(rt),
    registerVerifiedMember(rt),
    registerVerifiedMember(rt).then((m) => promoted(rt, m, 'moderator')),
    registerVerifiedMember(rt).then((m) => promoted(rt, m, 'admin')),
    registerVerifiedMember(rt),
  ]);
  const applied = await owner.agent
    .post('/api/vendor/register')
    .set('X-CSRF-Token', owner.token)
    .send({ bio: 'Ijazah in Hafs, teaching since 2010', topics: ['Quran'], priceRange: '$0 - $25' });
  if (applied.status !== 201) throw new Error(`vendor/register answered ${applied.status}`);
  const approved = await moderator.agent
    .post(`/api/admin/vendors/${owner.id}/approve`)
    .set('X-CSRF-Token', moderator.token);
  if (approved.status !== 200) throw new Error(`vendor approve answered ${approved.status}`);
  return {
    visitors: {
      guest: { role: 'guest', agent: guest.agent, token: guest.token, member: null },
      member: asVisitor('member', member),
      other: asVisitor('other', other),
      owner: asVisitor('owner', owner),
      moderator: asVisitor('moderator', moderator),
      admin: asVisitor('admin', admin),
    },
    peer,
  };
}

/**
 * The same visitor in a session of their own (another browser signed in with the password), for
 * routes that end the session they are called with (sign out, delete the account).
 */
export async function secondSession(rt: Runtime, visitor: Visitor): Promise<Visitor> {
  const fresh = await anonymous(rt);
  const m = visitor.member;
  if (!m) return { ...visitor, agent: fresh.agent, token: fresh.token };
  const res = await fresh.agent
    .post('/api/auth/login')
    .set('X-CSRF-Token', fresh.token)
    .send({ emailOrUsername: m.username, password: m.password });
  if (res.status !== 200) throw new Error(`login of ${m.username} answered ${res.status} ${JSON.stringify(res.body)}`);
  // The new session's token: the guest token used to sign in is refused from now on.
  const token = currentCsrfToken(fresh.agent);
  return { ...visitor, agent: fresh.agent, token, member: { ...m, agent: fresh.agent, token } };
}

/** Sends one request as a member and insists on the status, for setting up fixtures. */
export async function expectSent(
  who: Member,
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  body: object | undefined,
  status: number,
): Promise<Record<string, unknown>> {
  const res = await who.agent[method](path).set('X-CSRF-Token', who.token).send(body);
  if (res.status !== status)
    throw new Error(`${method.toUpperCase()} ${path} answered ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Record<string, unknown>;
}

export { createPost };
