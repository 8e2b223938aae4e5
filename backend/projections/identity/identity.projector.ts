import type { PersonalData, UserEvent } from '@modules/identity/events';
import type { ProfileEvent, ProfileFields } from '@modules/profiles/events';
import { userRoom } from '@platform/push/push';
import type { PushOutbox } from '@platform/push/push-outbox';

import type { PersonalDataVault } from '../../src/platform/privacy/personal-data-vault';
import { defineProjector, type EventsOf, type ProjectionContext, type Projector, type Recorded } from '../runner';
import { type SessionDoc, SESSIONS, type UserDoc, USERS } from './docs';

type Handled =
  | EventsOf<
      UserEvent,
      | 'UserRegistered'
      | 'EmailVerified'
      | 'SessionStarted'
      | 'SessionEnded'
      | 'PasswordReset'
      | 'RoleChanged'
      | 'MemberSuspended'
      | 'MemberUnsuspended'
      | 'AccountDeleted'
    >
  // The member's own name and picture, as edited on their profile, show in /api/auth/me too.
  | ProfileEvent;

/** The member a user stream belongs to (`user-<id>`). */
const memberOf = (event: { streamId: string }) => event.streamId.slice('user-'.length);

const usersOf = (ctx: ProjectionContext) => ctx.collection<UserDoc>(USERS);
const sessionsOf = (ctx: ProjectionContext) => ctx.collection<SessionDoc>(SESSIONS);

/** Members and their sessions, from the user streams. */
export function identityProjector(vault: PersonalDataVault, outbox: PushOutbox | null = null): Projector {
  /** A session that ends closes its sockets (all of the member's when every session ends). */
  const closeSockets = (event: Recorded<Handled>, ctx: ProjectionContext, reason: string, sessionHash: string | null) =>
    outbox?.stage('identity', event, ctx, {
      id: `session_ended:${event.id}`,
      rooms: [userRoom(memberOf(event))],
      event: 'session_ended',
      payload: { reason },
      closeSockets: { sessionHash },
    });
  return defineProjector<Handled>({
    name: 'identity',
    version: 2,
    collections: [
      { name: USERS, indexes: [{ fields: ['usernameLower'] }, { fields: ['emailLower'] }] },
      { name: SESSIONS, indexes: [{ fields: ['userId'], sort: { field: 'createdAt' } }] },
    ],
    on: {
      async UserRegistered(e, ctx) {
        const userId = memberOf(e);
        const pd = await vault.open<PersonalData>(userId, e.data.sealed);
        // A shredded key means the account was deleted later in the log: nothing to show.
        if (!pd) return;
        await usersOf(ctx).upsert({
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
      },
      async EmailVerified(e, ctx) {
        await usersOf(ctx).update(memberOf(e), { set: { isEmailVerified: true } });
      },
      async SessionStarted(e, ctx) {
        await sessionsOf(ctx).upsert({
          id: e.data.sessionHash,
          userId: memberOf(e),
          remember: e.data.remember,
          createdAt: e.data.startedAt,
          expiresAt: e.data.expiresAt,
        });
      },
      async SessionEnded(e, ctx) {
        await sessionsOf(ctx).delete(e.data.sessionHash);
        closeSockets(e, ctx, 'logout', e.data.sessionHash);
      },
      async RoleChanged(e, ctx) {
        await usersOf(ctx).update(memberOf(e), { set: { role: e.data.role } });
      },
      async PasswordReset(e, ctx) {
        await endAllSessions(ctx, memberOf(e));
        closeSockets(e, ctx, 'password_reset', null);
      },
      async MemberSuspended(e, ctx) {
        await usersOf(ctx).update(memberOf(e), { set: { suspendedUntil: e.data.until } });
        await endAllSessions(ctx, memberOf(e));
        closeSockets(e, ctx, 'suspended', null);
      },
      async MemberUnsuspended(e, ctx) {
        await usersOf(ctx).update(memberOf(e), { set: { suspendedUntil: null } });
      },
      async AccountDeleted(e, ctx) {
        await usersOf(ctx).delete(memberOf(e));
        await endAllSessions(ctx, memberOf(e));
        closeSockets(e, ctx, 'account_deleted', null);
      },
      async ProfileUpdated({ data }, ctx) {
        const changes = await vault.open<Partial<Pick<ProfileFields, 'displayName' | 'avatarUrl'>>>(
          data.userId,
          data.sealed,
        );
        if (changes) await applyProfileEdit(ctx, data.userId, changes);
      },
    },
  });
}

async function applyProfileEdit(
  ctx: ProjectionContext,
  userId: string,
  changes: Partial<Pick<ProfileFields, 'displayName' | 'avatarUrl'>>,
) {
  const set: Record<string, unknown> = {};
  if (changes.displayName !== undefined)
    Object.assign(set, { displayName: changes.displayName, name: changes.displayName });
  if (changes.avatarUrl !== undefined) set.avatarUrl = changes.avatarUrl;
  if (Object.keys(set).length) await usersOf(ctx).update(userId, { set });
}

async function endAllSessions(ctx: ProjectionContext, userId: string) {
  const sessions = sessionsOf(ctx);
  for (;;) {
    const page = await sessions.find({ where: { userId }, limit: 500 });
    if (page.items.length === 0) return;
    await sessions.deleteMany(page.items.map((s) => s.id));
  }
}
