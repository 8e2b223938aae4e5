import type { CommunityRole } from '@contract';
import { DomainError } from '@platform/decider/decider';

import { isStaff, type SignedIn } from '../../identity';
import { COMMUNITY_LIMITS as L, COMMUNITY_MESSAGES as M } from '../limits';
import type { Viewer } from '../queries/communities.queries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const viewerOf = (s: SignedIn | null): Viewer | null =>
  s ? { id: s.user.id, staff: isStaff(s.user.role) } : null;

export const userIdParam = (id: string) => {
  if (!UUID.test(id)) throw new DomainError('MEMBER_NOT_FOUND', M.notMember, 404);
  return id.toLowerCase();
};

export const postIdParam = (id: string) => {
  if (!UUID.test(id)) throw new DomainError('POST_NOT_FOUND', M.postNotInCommunity, 404);
  return id.toLowerCase();
};

export function limitOf(limit: unknown): number {
  if (limit === undefined || limit === '') return L.pageSize;
  const n = Number(limit);
  if (!Number.isInteger(n) || n < 1)
    throw new DomainError('VALIDATION_FAILED', 'limit must be a positive whole number', 400);
  return Math.min(n, L.maxPageSize);
}

export const textOf = (v: unknown, name: string): string | null => {
  if (v === undefined || v === '') return null;
  if (typeof v !== 'string') throw new DomainError('VALIDATION_FAILED', `${name} must be text`, 400);
  return v;
};

// Every role once: a role added to CommunityRole and not here fails to compile.
const ROLES = Object.keys({ owner: 1, moderator: 1, member: 1 } satisfies Record<CommunityRole, 1>);

/** The members list's `role` filter: one role, or every member when absent. */
export const roleOf = (v: unknown): CommunityRole | null => {
  const role = textOf(v, 'role');
  if (role !== null && !ROLES.includes(role)) throw new DomainError('VALIDATION_FAILED', M.badRole, 400);
  return role as CommunityRole | null;
};

/** A list cursor: the id of the last item the client has. */
export const idCursor = (v: unknown): string | null => {
  const c = textOf(v, 'cursor');
  if (c !== null && !UUID.test(c)) throw new DomainError('INVALID_CURSOR', 'Invalid cursor', 400);
  return c?.toLowerCase() ?? null;
};
