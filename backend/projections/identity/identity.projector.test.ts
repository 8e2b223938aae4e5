import type { NewEvent } from '@platform/event-store/event-store.port';
import {
  buildProjectors,
  type ProjectorDeps,
  type SessionDoc,
  SESSIONS,
  type UserDoc,
  USERS,
} from '@projections/index';

import { inStream, projectionSpec, projectorDeps, type SpecStores } from '../runner/testing/projection-spec';

const A = '0190d7c4-0000-7000-8000-00000000000a';
const B = '0190d7c4-0000-7000-8000-00000000000b';
const AT = '2026-01-01T00:00:00.000Z';
const LATER = '2027-01-01T00:00:00.000Z';

const identity = (deps: ProjectorDeps) => buildProjectors(deps).find((p) => p.name === 'identity')!;
const spec = () => projectionSpec(identity, projectorDeps);

type Setup = { deps: Awaited<ReturnType<typeof projectorDeps>> } & SpecStores;
/** A member registers with sealed personal data, as RegisterHandler appends it. */
const registered =
  (userId: string, username: string, role = 'member') =>
  async ({ deps: { vault } }: Setup) => {
    await vault.createKey(userId);
    const sealed = await vault.seal(userId, {
      email: `${username}@Example.test`,
      displayName: `Name ${username}`,
      name: username,
      passwordHash: 'x',
    });
    return inStream(`user-${userId}`, {
      type: 'UserRegistered',
      data: { userId, username, role, sealed, registeredAt: AT },
    });
  };
const user = (userId: string, ...events: NewEvent[]) => inStream(`user-${userId}`, ...events);
const session = (sessionHash: string, remember = false): NewEvent => ({
  type: 'SessionStarted',
  data: { sessionHash, remember, startedAt: AT, expiresAt: LATER },
});

describe('identity projector', () => {
  it('shows a registered member from their sealed personal data, never the password hash', async () => {
    await spec().given(registered(A, 'Amina')).then<UserDoc>(USERS, A, {
      id: A,
      username: 'Amina',
      usernameLower: 'amina',
      displayName: 'Name Amina',
      name: 'Amina',
      email: 'Amina@Example.test',
      emailLower: 'amina@example.test',
      role: 'member',
      isEmailVerified: false,
      createdAt: AT,
      avatarUrl: null,
    });
    await spec()
      .given(registered(A, 'Amina'))
      .thenCollection<UserDoc>(USERS, (docs) => expect(JSON.stringify(docs)).not.toContain('passwordHash'));
  });

  it('shows nothing of a member whose key was shredded (a replay after the deletion)', async () => {
    await spec()
      .given(registered(A, 'a'))
      .given(async ({ deps }) => {
        await deps.vault.shred(A);
        return [];
      })
      .thenNotFound(USERS, A);
  });

  it('marks the email verified and changes the role', async () => {
    await spec()
      .given(registered(A, 'a'))
      .given(
        user(
          A,
          { type: 'EmailVerified', data: { verifiedAt: AT } },
          { type: 'RoleChanged', data: { role: 'moderator', previousRole: 'member' } },
        ),
      )
      .then<UserDoc>(USERS, A, { isEmailVerified: true, role: 'moderator' });
  });

  it('keeps sessions by hash; a logout removes its session and closes its sockets after commit', async () => {
    await spec()
      .given(registered(A, 'a'))
      .given(user(A, session('s1', true), session('s2')))
      .then<SessionDoc>(SESSIONS, 's1', { id: 's1', userId: A, remember: true, createdAt: AT, expiresAt: LATER });
    await spec()
      .given(registered(A, 'a'))
      .given(
        user(A, session('s1'), session('s2'), { type: 'SessionEnded', data: { sessionHash: 's1', reason: 'logout' } }),
      )
      .then(async ({ collection, deps, log }) => {
        expect(await collection(SESSIONS).get('s1')).toBeNull();
        expect(await collection(SESSIONS).get('s2')).not.toBeNull();
        expect(deps.pushes).toEqual([
          {
            id: `session_ended:${log.at(-1)!.id}`,
            rooms: [`user:${A}`],
            event: 'session_ended',
            payload: { reason: 'logout' },
            closeSockets: { sessionHash: 's1' },
          },
        ]);
      });
  });

  it("ends every session of the member on a password reset, closing all their sockets, and no one else's", async () => {
    await spec()
      .given(registered(A, 'a'))
      .given(registered(B, 'b'))
      .given(user(A, session('a1'), session('a2')))
      .given(user(B, session('b1')))
      .given(user(A, { type: 'PasswordReset', data: { tokenHash: 't', sealed: 'n', resetAt: AT } }))
      .then(async ({ docs, deps }) => {
        expect((await docs<SessionDoc>(SESSIONS)).map((s) => s.id)).toEqual(['b1']);
        expect(deps.pushes).toMatchObject([
          {
            rooms: [`user:${A}`],
            event: 'session_ended',
            payload: { reason: 'password_reset' },
            closeSockets: { sessionHash: null },
          },
        ]);
      });
  });

  it('removes a deleted member and their sessions, closing their sockets', async () => {
    await spec()
      .given(registered(A, 'a'))
      .given(registered(B, 'b'))
      .given(user(A, session('a1')))
      .given(user(B, session('b1')))
      .given(user(A, { type: 'AccountDeleted', data: { deletedAt: AT } }))
      .then(async ({ collection, docs, deps }) => {
        expect(await collection(USERS).get(A)).toBeNull();
        expect(await collection(USERS).get(B)).not.toBeNull();
        expect((await docs<SessionDoc>(SESSIONS)).map((s) => s.id)).toEqual(['b1']);
        expect(deps.pushes).toMatchObject([
          { rooms: [`user:${A}`], payload: { reason: 'account_deleted' }, closeSockets: { sessionHash: null } },
        ]);
      });
  });

  it("shows the member's own name and picture as edited on their profile, ignoring the other fields", async () => {
    await spec()
      .given(registered(A, 'a'))
      .given(async ({ deps: { vault } }) => {
        const sealed = await vault.seal(A, {
          displayName: 'Amina Y',
          avatarUrl: '/media/profiles/x.png',
          bio: 'Hello',
        });
        return inStream(`profile-${A}`, {
          type: 'ProfileUpdated',
          data: { userId: A, fields: ['avatarUrl', 'bio', 'displayName'], sealed, updatedAt: AT },
        });
      })
      .then(async ({ collection }) => {
        const doc = await collection<UserDoc>(USERS).get(A);
        expect(doc).toMatchObject({
          displayName: 'Amina Y',
          name: 'Amina Y',
          avatarUrl: '/media/profiles/x.png',
          username: 'a',
        });
        expect(doc).not.toHaveProperty('bio');
      });
  });

  it('ignores a profile edit that changes neither the name nor the picture', async () => {
    await spec()
      .given(registered(A, 'a'))
      .given(async ({ deps: { vault } }) => {
        const sealed = await vault.seal(A, { bio: 'Hello' });
        return inStream(`profile-${A}`, {
          type: 'ProfileUpdated',
          data: { userId: A, fields: ['bio'], sealed, updatedAt: AT },
        });
      })
      .then<UserDoc>(USERS, A, { displayName: 'Name a', name: 'a', avatarUrl: null });
  });
});
