import type { PersonalData, UserEvent } from '@modules/identity/events';
import { userRoom } from '@platform/push/push';
import type { PushOutbox } from '@platform/push/push-outbox';

import type { RecordedEvent } from '../../src/platform/event-store/event-store.port';
import type { PersonalDataVault } from '../../src/platform/privacy/personal-data-vault';
import type { ProjectionContext, Projector } from '../runner';
import { type SessionDoc, SESSIONS, type UserDoc, USERS } from './docs';

/** Members and their sessions, from the user streams. */
export function identityProjector(vault: PersonalDataVault, outbox: PushOutbox | null = null): Projector {
  /** A session that ends closes its sockets (all of the member's when every session ends). */
  const closeSockets = (
    event: RecordedEvent,
    ctx: ProjectionContext,
    userId: string,
    reason: string,
    sessionHash: string | null,
  ) =>
    outbox?.stage('identity', event, ctx, {
      id: `session_ended:${event.id}`,
      rooms: [userRoom(userId)],
      event: 'session_ended',
      payload: { reason },
      closeSockets: { sessionHash },
    });
  return {
    name: 'identity',
    version: 2,
    handles: [
      'UserRegistered',
      'EmailVerified',
      'SessionStarted',
      'SessionEnded',
      'PasswordReset',
      'RoleChanged',
      'AccountDeleted',
      // The member's own name and picture, as edited on their profile, show in /api/auth/me too.
      'ProfileUpdated',
    ],
    collections: [
      { name: USERS, indexes: [{ fields: ['usernameLower'] }, { fields: ['emailLower'] }] },
      { name: SESSIONS, indexes: [{ fields: ['userId'], sort: { field: 'createdAt' } }] },
    ],
    async handle(event: RecordedEvent, ctx: ProjectionContext) {
      const userId = event.streamId.slice('user-'.length);
      if (event.type === 'ProfileUpdated') return applyProfileEdit(vault, ctx, event);
      const e = { type: event.type, data: event.data } as UserEvent;
      const users = ctx.collection<UserDoc>(USERS);
      const sessions = ctx.collection<SessionDoc>(SESSIONS);
      switch (e.type) {
        case 'UserRegistered': {
          const pd = await vault.open<PersonalData>(userId, e.data.sealed);
          // A shredded key means the account was deleted later in the log: nothing to show.
          if (!pd) return;
          await users.upsert({
            id: userId,
            username: e.data.username,
            usernameLower: e.data.username.toLowerCase(),
            displayName: pd.displayName,
            name: pd.name,
            email: pd.email,
            emailLower: pd.email.toLowerCase(),
            role: e.data.role,
            isEmailVerified: false,
            createdAt: e.data.registeredAt,
            avatarUrl: null,
          });
          return;
        }
        case 'EmailVerified':
          await users.update(userId, { set: { isEmailVerified: true } });
          return;
        case 'SessionStarted':
          await sessions.upsert({
            id: e.data.sessionHash,
            userId,
            remember: e.data.remember,
            createdAt: e.data.startedAt,
            expiresAt: e.data.expiresAt,
          });
          return;
        case 'SessionEnded':
          await sessions.delete(e.data.sessionHash);
          closeSockets(event, ctx, userId, 'logout', e.data.sessionHash);
          return;
        case 'RoleChanged':
          await users.update(userId, { set: { role: e.data.role } });
          return;
        case 'PasswordReset':
          await endAllSessions(ctx, userId);
          closeSockets(event, ctx, userId, 'password_reset', null);
          return;
        case 'AccountDeleted':
          await users.delete(userId);
          await endAllSessions(ctx, userId);
          closeSockets(event, ctx, userId, 'account_deleted', null);
          return;
        default:
          return;
      }
    },
  };
}

async function applyProfileEdit(vault: PersonalDataVault, ctx: ProjectionContext, event: RecordedEvent) {
  const { userId, sealed } = event.data as { userId: string; sealed: string };
  const changes = await vault.open<{ displayName?: string; avatarUrl?: string | null }>(userId, sealed);
  if (!changes) return;
  const set: Record<string, unknown> = {};
  if (changes.displayName !== undefined)
    Object.assign(set, { displayName: changes.displayName, name: changes.displayName });
  if (changes.avatarUrl !== undefined) set.avatarUrl = changes.avatarUrl;
  if (Object.keys(set).length) await ctx.collection<UserDoc>(USERS).update(userId, { set });
}

async function endAllSessions(ctx: ProjectionContext, userId: string) {
  const sessions = ctx.collection<SessionDoc>(SESSIONS);
  for (;;) {
    const page = await sessions.find({ where: { userId }, limit: 500 });
    if (page.items.length === 0) return;
    await sessions.deleteMany(page.items.map((s) => s.id));
  }
}
