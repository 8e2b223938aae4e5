import { IdentityService, type Role } from '@modules/identity';
import { type Member, registerMember } from '@testing/members';

import type { Runtime } from '../../../src/runtime';

/**
 * A member given a role through identity's RoleChanged (as `npm run user:promote` does), who then
 * signs in again so the session reads the new role.
 */
export async function memberWithRole(rt: Runtime, role: Role): Promise<Member> {
  const m = await registerMember(rt);
  await rt.http!.get(IdentityService).changeRole(m.id, role, { actor: 'operator:test', requestId: null });
  return m;
}
