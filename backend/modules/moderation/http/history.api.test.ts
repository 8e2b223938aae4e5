import type { AuditStreamDiff, AuditStreamState } from '@contract';
import { currentCsrfToken } from '@platform/http/testing/csrf-agent';
import { conversationBetween, sendMessage } from '@testing/chat';
import { eventually } from '@testing/eventually';
import { anonymous, IDENTITY_TEST_ENV, type Member, registerMember } from '@testing/members';
import { createPost, registerVerifiedMember } from '@testing/verified-member';

import { describeOnProfiles } from '../../../src/testing/profiles';
import { WITHHELD_NOTE } from '../history/message.view';
import { MODERATION_MESSAGES as M } from '../limits';
import { memberWithRole } from '../testing/staff';

describeOnProfiles(
  'moderation: history as members saw it',
  (rt) => {
    let mod: Member;
    const post = (m: Member, path: string, body: Record<string, unknown> = {}) =>
      m.agent.post(path).set('X-CSRF-Token', m.token).send(body);
    const stateOf = async (streamId: string, query = '') =>
      (await mod.agent.get(`/api/admin/audit/streams/${streamId}/state${query}`).expect(200)).body as AuditStreamState;
    const viewAt = async (streamId: string, version: number) =>
      (await stateOf(streamId, `?at=${version}`)).view as unknown as Record<string, unknown>;
    const diffOf = async (streamId: string, from: number, to: number) =>
      (await mod.agent.get(`/api/admin/audit/streams/${streamId}/diff?from=${from}&to=${to}`).expect(200))
        .body as AuditStreamDiff;

    beforeAll(async () => {
      mod = await memberWithRole(rt(), 'moderator');
    }, 60_000);

    it("a community's page as members saw it: a mute, a ban and a removal with its moderators' reasons; a private post's history too", async () => {
      const [owner, member] = await Promise.all([registerVerifiedMember(rt()), registerVerifiedMember(rt())]);
      const made = await post(owner, '/api/communities', {
        name: 'Audit circle',
        category: 'other',
        privacy: 'private',
      }).expect(201);
      const { id, slug } = made.body.community as { id: string; slug: string };
      await post(owner, `/api/communities/${slug}/invites`, { username: member.username }).expect(201);
      await post(member, `/api/communities/${slug}/join`).expect(201);
      const p = await createPost(member, { content: 'Selling perfume', communityId: id });
      await post(owner, `/api/communities/${slug}/posts/${p.id}/remove`, { reason: 'Selling' }).expect(200);
      await post(owner, `/api/communities/${slug}/members/${member.id}/mute`, { reason: 'Cool down' }).expect(200);
      const muted = (await stateOf(`community-${id}`)).lastVersion;
      expect(await viewAt(`community-${id}`, muted)).toMatchObject({
        mutes: [{ userId: member.id, by: owner.id, reason: 'Cool down' }],
        bans: [],
      });
      await post(owner, `/api/communities/${slug}/members/${member.id}/ban`, { reason: 'Spam' }).expect(200);
      const last = (await stateOf(`community-${id}`)).lastVersion;
      expect(await viewAt(`community-${id}`, last)).toMatchObject({
        kind: 'community',
        name: 'Audit circle',
        privacy: 'private',
        members: 1,
        removed: [{ postId: p.id, by: owner.id, reason: 'Selling' }],
        mutes: [],
        bans: [{ userId: member.id, by: owner.id, reason: 'Spam' }],
      });
      // The app's moderators read a private community's post as it was, removed or not, and for whom.
      expect(await viewAt(`post-${p.id}`, 0)).toMatchObject({
        kind: 'post',
        content: 'Selling perfume',
        audience: 'members',
      });
    });

    it('a post before and after an edit, a hide and a restore, with its poll votes as they stood', async () => {
      const author = await registerVerifiedMember(rt());
      const [v1, v2] = [await registerMember(rt()), await registerMember(rt())];
      const p = await createPost(author, {
        content: 'Which book first?',
        type: 'poll',
        pollOptions: ['Riyad', 'Bulugh'],
      });
      const stream = `post-${p.id}`;
      await post(v1, `/api/posts/${p.id}/poll/vote`, { option: 1 }).expect(200);
      await author.agent
        .patch(`/api/posts/${p.id}/edit`)
        .set('X-CSRF-Token', author.token)
        .send({ content: 'Which book should we read first?' })
        .expect(200);
      await post(v2, `/api/posts/${p.id}/poll/vote`, { option: 1 }).expect(200);
      await post(mod, `/api/admin/posts/${p.id}/hide`, { reason: 'Spam ring' }).expect(200);
      await post(mod, `/api/admin/posts/${p.id}/restore`, { reason: 'Appeal upheld' }).expect(200);

      const latest = await stateOf(stream);
      expect(latest).toMatchObject({ streamId: stream, kind: 'post', version: 3, lastVersion: 3 });
      expect(latest.time).toBe(latest.lastTime);
      // The decider's bookkeeping is still there for what commands decide on.
      expect(latest.state).toMatchObject({ exists: true, hidden: false });

      const original = await viewAt(stream, 0);
      expect(original).toMatchObject({
        kind: 'post',
        postId: p.id,
        authorId: author.id,
        content: 'Which book first?',
        poll: {
          question: 'Which book first?',
          options: [
            { text: 'Riyad', votes: 0 },
            { text: 'Bulugh', votes: 1 },
          ],
        },
        visibility: { status: 'live' },
        editedAt: null,
      });
      const edited = await viewAt(stream, 1);
      expect(edited).toMatchObject({
        content: 'Which book should we read first?',
        poll: { options: [{ votes: 0 }, { votes: 2 }] },
        visibility: { status: 'edited', editedAt: expect.any(String) },
      });
      expect(await viewAt(stream, 2)).toMatchObject({
        content: 'Which book should we read first?',
        visibility: { status: 'hidden', by: mod.id, reason: 'Spam ring', at: expect.any(String) },
      });
      expect((await viewAt(stream, 3)).visibility).toEqual(edited.visibility);

      // ?time=: the last event at or before it.
      const hiddenAt = await stateOf(stream, '?at=2');
      expect(await stateOf(stream, `?time=${encodeURIComponent(hiddenAt.time)}`)).toMatchObject({
        version: 2,
        view: { visibility: { status: 'hidden' } },
      });
      expect((await stateOf(stream, '?time=2999-01-01T00:00:00Z')).version).toBe(3);

      const diff = await diffOf(stream, 0, 2);
      expect(diff).toMatchObject({ streamId: stream, kind: 'post', from: { version: 0 }, to: { version: 2 } });
      expect(diff.compared).toBe('view');
      const changed = Object.fromEntries(diff.changes.map((c) => [c.path, [c.before, c.after]]));
      expect(changed).toMatchObject({
        content: ['Which book first?', 'Which book should we read first?'],
        'poll.options.1.votes': [1, 2],
        'visibility.status': ['live', 'hidden'],
        'visibility.reason': [null, 'Spam ring'],
      });
      expect(changed['poll.options.0.votes']).toBeUndefined();
      expect((await diffOf(stream, 3, 3)).changes).toEqual([]);
    });

    it('answers bad versions and times with a clear 400, unknown streams and kinds without history with 404', async () => {
      const author = await registerVerifiedMember(rt());
      const p = await createPost(author, { content: 'Bad input' });
      const stream = `post-${p.id}`;
      const bad = async (query: string, message: string) =>
        expect((await mod.agent.get(`/api/admin/audit/streams/${stream}/${query}`).expect(400)).body).toMatchObject({
          code: 'VALIDATION_FAILED',
          message,
        });
      await bad('state?at=1', M.badVersion);
      await bad('state?at=abc', M.badVersion);
      await bad('state?at=1.5', M.badVersion);
      await bad('state?at=-1', M.badVersion);
      await bad('state?time=yesterday', M.badTime);
      await bad('state?time=2026-13-45T99:00:00Z', M.badTime);
      await bad('state?time=2026-01-31', M.badTime);
      await bad('state?at=0&time=2026-01-31T12:00:00Z', M.atAndTime);
      await bad('state?time=2000-01-01T00:00:00Z', M.noEventByTime);
      await bad('diff?from=0', M.badDiffVersions);
      await bad('diff?from=0&to=7', M.badDiffVersions);
      await bad('diff?from=x&to=0', M.badDiffVersions);
      await mod.agent.get('/api/admin/audit/streams/post-nothing/state').expect(404);
      await mod.agent.get('/api/admin/audit/streams/post-nothing/diff?from=0&to=0').expect(404);
      await mod.agent.get(`/api/admin/audit/streams/username-${author.username.toLowerCase()}/state`).expect(404);
      // A like has a decider but nothing members saw as such: its bookkeeping only.
      await post(author, `/api/posts/${p.id}/like`).expect(200);
      expect(await stateOf(`like-${p.id}-${author.id}`)).toMatchObject({
        kind: 'like',
        view: null,
        state: expect.any(Object),
      });
    });

    it('a comment before and after a moderator deleted it', async () => {
      const [author, reader] = [await registerVerifiedMember(rt()), await registerVerifiedMember(rt())];
      const p = await createPost(reader, { content: 'Salaam' });
      const c = (await post(author, `/api/posts/${p.id}/comments`, { content: 'A rude comment' }).expect(201)).body
        .id as string;
      await post(mod, `/api/admin/comments/${c}/delete`, { reason: 'Insult' }).expect(200);
      expect(await viewAt(`comment-${c}`, 0)).toMatchObject({
        kind: 'comment',
        postId: p.id,
        authorId: author.id,
        content: 'A rude comment',
        visibility: { status: 'live' },
      });
      expect((await viewAt(`comment-${c}`, 1)).visibility).toMatchObject({
        status: 'deleted',
        by: mod.id,
        reason: 'Insult',
      });
    });

    it('a profile and an account as they were, then "erased" with the erasure time once the account is deleted', async () => {
      const m = await registerMember(rt());
      await post(m, '/api/profile/update', { bio: 'Seeking knowledge', website: 'https://amina.example.org' }).expect(
        200,
      );
      await post(m, '/api/profile/update', { bio: 'Teaching Arabic' }).expect(200);
      await post(mod, `/api/admin/users/${m.id}/suspend`, {
        reason: 'Abuse',
        until: new Date(Date.now() + 3600_000).toISOString(),
      }).expect(200);
      const profile = `profile-${m.id}`;
      expect(await viewAt(profile, 0)).toMatchObject({
        kind: 'profile',
        bio: 'Seeking knowledge',
        website: 'https://amina.example.org',
        erasedAt: null,
      });
      expect(await viewAt(profile, 1)).toMatchObject({ bio: 'Teaching Arabic', website: 'https://amina.example.org' });
      const user = `user-${m.id}`;
      const account = (await stateOf(user)).view as unknown as Record<string, unknown>;
      expect(account).toMatchObject({
        kind: 'user',
        username: m.username,
        displayName: m.displayName,
        suspended: { reason: 'Abuse', by: mod.id },
        deletedAt: null,
        erasedAt: null,
      });
      expect(JSON.stringify(account)).not.toContain(m.email);

      await post(mod, `/api/admin/users/${m.id}/unsuspend`, { reason: 'Served' }).expect(200);
      // The suspension ended the member's sessions: they sign in again to delete the account.
      const again = await anonymous(rt());
      await again.agent
        .post('/api/auth/login')
        .set('X-CSRF-Token', again.token)
        .send({ emailOrUsername: m.username, password: m.password })
        .expect(200);
      await again.agent
        .delete('/api/account')
        .set('X-CSRF-Token', currentCsrfToken(again.agent))
        .send({ password: m.password })
        .expect(200);
      const gone = await stateOf(user);
      const deletedAt = (gone.view as { deletedAt: string }).deletedAt;
      expect(deletedAt).toEqual(expect.any(String));
      // Every version, even those before the deletion: the words are gone from the log for good.
      expect(await viewAt(user, 0)).toMatchObject({ username: m.username, displayName: 'erased', erasedAt: deletedAt });
      expect(await viewAt(profile, 0)).toMatchObject({
        bio: 'erased',
        website: 'erased',
        location: null,
        erasedAt: deletedAt,
      });
      const diff = await diffOf(profile, 0, 1);
      expect(diff.changes).toEqual([{ path: 'updatedAt', before: expect.any(String), after: expect.any(String) }]);
      expect(JSON.stringify(await stateOf(profile))).not.toContain('Teaching Arabic');
    });

    it("a conversation's members and message count; a message's words only once its recipient reported it", async () => {
      const [a, b] = [await registerVerifiedMember(rt()), await registerVerifiedMember(rt())];
      const conversationId = await conversationBetween(a, b);
      const first = await sendMessage(a, { conversationId, content: 'Private words' });
      const second = await sendMessage(a, { conversationId, content: 'A threat' });
      const [privateId, threatId] = [first.body.id as string, second.body.id as string];
      expect(await stateOf(`conversation-${conversationId}`)).toMatchObject({
        kind: 'conversation',
        state: null,
        view: { participants: expect.arrayContaining([a.id, b.id]), messageCount: 2 },
      });

      const withheld = await stateOf(`message-${threatId}`);
      expect(withheld.view).toMatchObject({
        senderId: a.id,
        receiverId: b.id,
        text: null,
        withheld: true,
        note: WITHHELD_NOTE,
      });
      const events = (await mod.agent.get(`/api/admin/audit/streams/message-${threatId}/events`).expect(200)).body;
      expect(events.items[0].data).toMatchObject({ content: null, withheld: WITHHELD_NOTE });
      for (const path of ['state', 'events', 'diff?from=0&to=0'])
        expect(
          JSON.stringify((await mod.agent.get(`/api/admin/audit/streams/message-${threatId}/${path}`)).body),
        ).not.toContain('A threat');

      await post(b, `/api/messages/${threatId}/report`, { reason: 'Threat' }).expect(201);
      const reported = await eventually(
        () => stateOf(`message-${threatId}`),
        (state) => (state.view as { withheld?: boolean } | null)?.withheld === false,
        'the report seen by the history',
      );
      expect(reported.view).toMatchObject({
        text: 'A threat',
        withheld: false,
        reported: { at: expect.any(String) },
      });
      const shown = (await mod.agent.get(`/api/admin/audit/streams/message-${threatId}/events`).expect(200)).body;
      expect(shown.items[0].data).toMatchObject({ content: 'A threat' });
      // The other message of the same conversation stays private.
      expect(JSON.stringify(await stateOf(`message-${privateId}`))).not.toContain('Private words');
    });

    it('is for moderators only: 401 for guests, 403 for members, even the author or the recipient', async () => {
      const author = await registerVerifiedMember(rt());
      const p = await createPost(author, { content: 'Mine' });
      const guest = await anonymous(rt());
      for (const path of ['state', 'state?at=0', 'state?time=2999-01-01T00:00:00Z', 'diff?from=0&to=0']) {
        const url = `/api/admin/audit/streams/post-${p.id}/${path}`;
        expect((await guest.agent.get(url)).status).toBe(401);
        const member = await author.agent.get(url);
        expect([member.status, member.body.message]).toEqual([403, M.moderatorsOnly]);
        expect(JSON.stringify(member.body)).not.toContain('Mine');
      }
    });
  },
  IDENTITY_TEST_ENV,
);
