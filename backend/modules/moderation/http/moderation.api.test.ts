import { SEARCH_PROJECTOR } from '@projections/search';
import { caughtUp } from '@testing/caught-up';
import { conversationBetween, sendMessage } from '@testing/chat';
import { anonymous, IDENTITY_TEST_ENV, type Member, registerMember } from '@testing/members';
import { createPost, registerVerifiedMember } from '@testing/verified-member';
import request from 'supertest';

import { describeOnProfiles } from '../../../src/testing/profiles';
import { MODERATION_MESSAGES as M } from '../limits';
import { memberWithRole } from '../testing/staff';

type Who = 'guest' | 'member' | 'moderator' | 'admin';
type Method = 'get' | 'post';

/** What each route of the table acts on, made fresh for it. */
interface Fixture {
  postId: string;
  hiddenPostId: string;
  commentId: string;
  userId: string;
  suspendedId: string;
}

/**
 * Every moderation route, once: the authorisation test is generated from this table. Each body is
 * valid and each fixture ready, so the moderator's answer (`ok`) shows the route works, not only
 * that the guard let the call through.
 */
interface Route {
  method: Method;
  path: (f: Fixture) => string;
  body?: Record<string, unknown>;
  /** Who may call it: moderators and admins, or admins only. */
  staff: 'moderator' | 'admin';
  ok: number;
}

const REASON = { reason: 'Checked by the authorisation test' };
const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();
const ROUTES: Route[] = [
  { method: 'get', path: () => '/api/admin/reports?status=open', staff: 'moderator', ok: 200 },
  { method: 'post', path: (f) => `/api/admin/posts/${f.postId}/hide`, body: REASON, staff: 'moderator', ok: 200 },
  {
    method: 'post',
    path: (f) => `/api/admin/posts/${f.hiddenPostId}/restore`,
    body: REASON,
    staff: 'moderator',
    ok: 200,
  },
  {
    method: 'post',
    path: (f) => `/api/admin/comments/${f.commentId}/delete`,
    body: REASON,
    staff: 'moderator',
    ok: 200,
  },
  { method: 'post', path: (f) => `/api/admin/users/${f.userId}/warn`, body: REASON, staff: 'moderator', ok: 200 },
  {
    method: 'post',
    path: (f) => `/api/admin/users/${f.userId}/suspend`,
    body: { ...REASON, until: inAnHour() },
    staff: 'moderator',
    ok: 200,
  },
  {
    method: 'post',
    path: (f) => `/api/admin/users/${f.suspendedId}/unsuspend`,
    body: REASON,
    staff: 'moderator',
    ok: 200,
  },
  {
    method: 'post',
    path: (f) => `/api/admin/reports/user/${f.userId}/dismiss`,
    body: REASON,
    staff: 'moderator',
    ok: 200,
  },
  { method: 'get', path: (f) => `/api/admin/audit/streams?q=${f.postId}`, staff: 'moderator', ok: 200 },
  { method: 'get', path: (f) => `/api/admin/audit/streams/post-${f.postId}/events`, staff: 'moderator', ok: 200 },
  { method: 'get', path: (f) => `/api/admin/audit/streams/post-${f.postId}/state?at=0`, staff: 'moderator', ok: 200 },
  { method: 'get', path: (f) => `/api/admin/audit/members/${f.userId}/streams`, staff: 'moderator', ok: 200 },
  { method: 'get', path: () => '/api/admin/projections', staff: 'moderator', ok: 200 },
  { method: 'get', path: () => '/api/admin/projections/verify', staff: 'moderator', ok: 200 },
  { method: 'post', path: () => '/api/admin/projections/audit/rebuild', staff: 'admin', ok: 202 },
];

describeOnProfiles(
  'moderation',
  (rt) => {
    const server = () => rt().http!.getHttpServer();
    let staff: Record<'member' | 'moderator' | 'admin', Member>;
    let author: Member;

    const call = async (who: Who, route: Route, f: Fixture) => {
      const c = who === 'guest' ? await anonymous(rt()) : staff[who];
      const path = route.path(f);
      return route.method === 'get'
        ? c.agent.get(path)
        : c.agent
            .post(path)
            .set('X-CSRF-Token', c.token)
            .send(route.body ?? {});
    };
    const post = (m: Member, path: string, body: Record<string, unknown> = REASON) =>
      m.agent.post(path).set('X-CSRF-Token', m.token).send(body);
    const comment = async (m: Member, postId: string, content: string) =>
      (await post(m, `/api/posts/${postId}/comments`, { content }).expect(201)).body.id as string;
    const notices = async (m: Member) => JSON.stringify((await m.agent.get('/api/notifications').expect(200)).body);

    beforeAll(async () => {
      staff = {
        member: await registerMember(rt()),
        moderator: await memberWithRole(rt(), 'moderator'),
        admin: await memberWithRole(rt(), 'admin'),
      };
      author = await registerVerifiedMember(rt());
    }, 60_000);

    async function fixture(): Promise<Fixture> {
      const mod = staff.moderator;
      // An author per fixture: one member may post 30 in 10 minutes (README "Rate limits").
      const poster = await registerVerifiedMember(rt());
      const [visible, hidden] = [
        await createPost(poster, { content: 'Route table' }),
        await createPost(poster, { content: 'Hidden' }),
      ];
      await post(mod, `/api/admin/posts/${hidden.id}/hide`).expect(200);
      const [user, suspended] = [await registerMember(rt()), await registerMember(rt())];
      await post(mod, `/api/admin/users/${suspended.id}/suspend`, { ...REASON, until: inAnHour() }).expect(200);
      await post(staff.member, `/api/users/${user.id}/report`, { reason: 'Impersonation' }).expect(201);
      return {
        postId: visible.id,
        hiddenPostId: hidden.id,
        commentId: await comment(author, visible.id, 'Route table comment'),
        userId: user.id,
        suspendedId: suspended.id,
      };
    }

    const named = (r: Route) =>
      `${r.method.toUpperCase()} ${r.path({ postId: ':id', hiddenPostId: ':id', commentId: ':id', userId: ':id', suspendedId: ':id' })}`;

    it.each(ROUTES.map((r) => [named(r), r] as const))(
      '%s: 401 for guests, 403 for members, then staff only',
      async (_, route) => {
        const f = await fixture();
        const guest = await call('guest', route, f);
        expect([guest.status, guest.body.message]).toEqual([401, 'Not authenticated']);
        const member = await call('member', route, f);
        expect([member.status, member.body.code, member.body.message]).toEqual([403, 'FORBIDDEN', M.moderatorsOnly]);
        const moderator = await call('moderator', route, f);
        if (route.staff === 'admin') {
          expect([moderator.status, moderator.body.message]).toEqual([403, M.adminsOnly]);
          expect((await call('admin', route, f)).status).toBe(route.ok);
        } else {
          expect(moderator.status).toBe(route.ok);
          // Admins are staff too: whatever the action's own answer (a second hide is a 409), never the guard's.
          expect([401, 403]).not.toContain((await call('admin', route, f)).status);
        }
      },
    );

    it('groups reports per target, and hiding a post takes it out of every read model until restored', async () => {
      const mod = staff.moderator;
      const word = `zq${Date.now().toString(36)}`;
      const p = await createPost(author, { content: `Reported ${word} post` });
      const [r1, r2] = [await registerMember(rt()), await registerMember(rt())];
      await post(r1, `/api/posts/${p.id}/report`, { reason: 'Spam' }).expect(201);
      await post(r2, `/api/posts/${p.id}/report`, { reason: 'Hate speech' }).expect(201);
      await post(r2, `/api/posts/${p.id}/report`, { reason: 'Spam' }).expect(201);

      const open = (await mod.agent.get('/api/admin/reports?status=open').expect(200)).body;
      const group = open.items.find((g: { targetId: string }) => g.targetId === p.id);
      expect(group).toMatchObject({
        targetType: 'post',
        streamId: `post-${p.id}`,
        count: 3,
        reasons: ['Spam', 'Hate speech'],
        status: 'open',
        resolution: null,
        target: {
          text: `Reported ${word} post`,
          author: { id: author.id, username: author.username },
          state: 'visible',
        },
      });
      expect(group.firstReportedAt <= group.lastReportedAt).toBe(true);

      const hidden = await post(mod, `/api/admin/posts/${p.id}/hide`, { reason: 'Spam ring' }).expect(200);
      expect(hidden.body).toMatchObject({ action: 'hide', moderatorId: mod.id, reason: 'Spam ring', notified: 2 });
      const viewer = await registerMember(rt());
      await viewer.agent.get(`/api/posts/${p.id}`).expect(404);
      await request(server()).get(`/api/posts/${p.id}`).expect(404);
      // Its author still opens it, told why (appeals.api.test.ts follows that through).
      expect((await author.agent.get(`/api/posts/${p.id}`).expect(200)).body.moderation).toMatchObject({
        status: 'hidden',
        reason: 'Spam ring',
      });
      const ids = (body: { id: string }[]) => body.map((x) => x.id);
      expect(ids((await viewer.agent.get('/api/feed?limit=50').expect(200)).body)).not.toContain(p.id);
      expect(ids((await viewer.agent.get(`/api/profile/${author.username}/posts`).expect(200)).body)).not.toContain(
        p.id,
      );
      // The post's answer did not wait for the search index (readsNext): it was indexed a moment later.
      await caughtUp(rt(), [SEARCH_PROJECTOR]);
      const found = (await request(server()).get(`/api/search/results?q=${word}`).expect(200)).body;
      expect(ids(found)).not.toContain(p.id);
      await post(viewer, `/api/posts/${p.id}/like`, {}).expect(404);

      const resolved = (await mod.agent.get('/api/admin/reports?status=resolved').expect(200)).body;
      expect(resolved.items.find((g: { targetId: string }) => g.targetId === p.id)).toMatchObject({
        status: 'resolved',
        resolution: { action: 'hide', moderatorId: mod.id, reason: 'Spam ring' },
        target: { state: 'hidden' },
      });
      expect(await notices(r1)).toContain('the post was hidden.');
      expect(await notices(r2)).toContain('the post was hidden.');
      expect(await notices(r1)).not.toContain('Spam ring');
      // The author is told, with the moderator's reason (the reporters are not given it).
      expect(await notices(author)).toContain('"type":"post_hidden"');
      expect(await notices(author)).toContain('Spam ring');

      await post(mod, `/api/admin/posts/${p.id}/hide`, { reason: 'again' }).expect(409);
      await post(mod, `/api/admin/posts/${p.id}/restore`, { reason: 'Appeal upheld' }).expect(200);
      await viewer.agent.get(`/api/posts/${p.id}`).expect(200);
      expect(ids((await viewer.agent.get('/api/feed?limit=50').expect(200)).body)).toContain(p.id);
      expect(ids((await request(server()).get(`/api/search/results?q=${word}`).expect(200)).body)).toContain(p.id);
    });

    it('reports comments, members and messages with reasons; bad input is a clear 4xx', async () => {
      const [a, b, mod] = [await registerVerifiedMember(rt()), await registerVerifiedMember(rt()), staff.moderator];
      const p = await createPost(a, { content: 'Salaam' });
      const c = await comment(a, p.id, 'A rude comment');
      await post(b, `/api/comments/${c}/report`, { reason: 'Insult' }).expect(201);
      await post(b, `/api/users/${a.id}/report`, { reason: 'Harassment' }).expect(201);
      const conversation = await conversationBetween(a, b);
      const sent = await sendMessage(a, { conversationId: conversation, content: 'A rude message' });
      expect(sent.status).toBe(201);
      const messageId = sent.body.id as string;
      // Only the recipient has read it.
      await post(a, `/api/messages/${messageId}/report`, { reason: 'x' }).expect(404);
      await post(b, `/api/messages/${messageId}/report`, { reason: 'Threat' }).expect(201);

      expect((await post(b, `/api/comments/${c}/report`, { reason: ' ' }).expect(400)).body).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: M.reportReasonRequired,
      });
      await post(b, `/api/users/${b.id}/report`, { reason: 'me' }).expect(400);
      await post(b, `/api/comments/nope/report`, { reason: 'x' }).expect(404);
      await post(mod, `/api/admin/posts/${p.id}/hide`, { reason: '' }).expect(400);
      await post(mod, `/api/admin/users/${a.id}/suspend`, { reason: 'x', until: '2020-01-01T00:00:00Z' }).expect(400);
      await post(mod, `/api/admin/users/${a.id}/suspend`, { reason: 'x' }).expect(400);
      await post(mod, `/api/admin/reports/planet/${a.id}/dismiss`).expect(400);
      await post(mod, `/api/admin/reports/post/${p.id}/dismiss`).expect(404);
      await mod.agent.get('/api/admin/reports?status=shut').expect(400);
      await mod.agent.get('/api/admin/reports?cursor=garbage').expect(400);

      const open = (await mod.agent.get('/api/admin/reports').expect(200)).body.items as { targetId: string }[];
      const byTarget = (id: string) => open.find((g) => g.targetId === id);
      expect(byTarget(c)).toMatchObject({
        targetType: 'comment',
        reasons: ['Insult'],
        target: { text: 'A rude comment' },
      });
      expect(byTarget(a.id)).toMatchObject({ targetType: 'user', reasons: ['Harassment'] });
      expect(byTarget(messageId)).toMatchObject({ targetType: 'message', target: { text: 'A rude message' } });

      await post(mod, `/api/admin/comments/${c}/delete`, { reason: 'Insult' }).expect(200);
      const comments = (await b.agent.get(`/api/posts/${p.id}/comments`).expect(200)).body;
      expect(JSON.stringify(comments)).not.toContain('A rude comment');
      await post(mod, `/api/admin/users/${a.id}/warn`, { reason: 'Be kind' }).expect(200);
      expect(await notices(a)).toContain('A moderator warned you.\\nوجّه إليك مشرف تحذيرًا.\\nBe kind');
      await post(mod, `/api/admin/reports/message/${messageId}/dismiss`, { reason: 'Banter' }).expect(200);
      expect(await notices(b)).toContain('no action was taken');
      expect(await notices(b)).toContain('the comment was removed');
    });

    it('a suspension ends the sessions at once and refuses sign-in until it is lifted', async () => {
      const m = await registerMember(rt());
      const mod = staff.moderator;
      await m.agent.get('/api/auth/me').expect(200);
      await post(mod, `/api/admin/users/${m.id}/suspend`, { reason: 'Abuse', until: inAnHour() }).expect(200);
      await m.agent.get('/api/auth/me').expect(401);
      const login = () =>
        anonymous(rt()).then((v) =>
          v.agent
            .post('/api/auth/login')
            .set('X-CSRF-Token', v.token)
            .send({ emailOrUsername: m.username, password: m.password }),
        );
      const refused = await login();
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'SUSPENDED' });
      expect(refused.body.message).toMatch(/^Your account is suspended until /);
      // Staff cannot be suspended.
      await post(mod, `/api/admin/users/${staff.admin.id}/suspend`, { reason: 'x', until: inAnHour() }).expect(403);
      await post(mod, `/api/admin/users/${m.id}/unsuspend`, { reason: 'Served' }).expect(200);
      expect((await login()).status).toBe(200);
    });

    it('finds streams by id, post link and username; lists events with actor and request id; replays state', async () => {
      const mod = staff.moderator;
      const m = await registerVerifiedMember(rt());
      const created = await m.agent
        .post('/api/posts')
        .set('X-CSRF-Token', m.token)
        .send({ content: 'History' })
        .expect(201);
      const p = created.body.id as string;
      await post(mod, `/api/admin/posts/${p}/hide`, { reason: 'Check' }).expect(200);
      const find = async (q: string) =>
        (await mod.agent.get(`/api/admin/audit/streams?q=${encodeURIComponent(q)}`).expect(200)).body.map(
          (h: { streamId: string }) => h.streamId,
        );
      expect(await find(p)).toContain(`post-${p}`);
      expect(await find(`https://deenconnect.example/post/${p}`)).toEqual([`post-${p}`]);
      expect(await find(`post-${p}`)).toEqual([`post-${p}`]);
      expect(await find(`@${m.username}`)).toContain(`user-${m.id}`);
      await mod.agent.get('/api/admin/audit/streams?q=').expect(400);

      const events = (await mod.agent.get(`/api/admin/audit/streams/post-${p}/events`).expect(200)).body;
      expect(events.items.map((e: { type: string }) => e.type)).toEqual(['PostCreated', 'PostHidden']);
      expect(events.items[0]).toMatchObject({
        version: 0,
        actor: { id: m.id, username: m.username },
        requestId: created.headers['x-request-id'],
        data: { postId: p, content: 'History' },
      });
      expect(events.items[1]).toMatchObject({
        version: 1,
        actor: { id: mod.id },
        data: { moderatorId: mod.id, reason: 'Check' },
      });
      const at = async (v?: number) =>
        (
          await mod.agent
            .get(`/api/admin/audit/streams/post-${p}/state${v === undefined ? '' : `?at=${v}`}`)
            .expect(200)
        ).body;
      expect(await at(0)).toMatchObject({ version: 0, state: { exists: true, hidden: false } });
      expect(await at()).toMatchObject({ version: 1, state: { hidden: true } });
      await mod.agent.get(`/api/admin/audit/streams/post-${p}/state?at=9`).expect(400);
      await mod.agent.get(`/api/admin/audit/streams/post-${p}/state?at=-1`).expect(400);
      // Integers past 2^53 (found by the hostile-input suite: a 500 from the event store before).
      await mod.agent.get(`/api/admin/audit/streams/post-${p}/events?cursor=1.3963230626997547e%2B94`).expect(400);
      await mod.agent.get(`/api/admin/audit/streams/post-${p}/state?at=1e300`).expect(400);
      await mod.agent.get('/api/admin/audit/streams/post-nothing/events').expect(404);
      await mod.agent.get(`/api/admin/audit/streams/username-${m.username}/state`).expect(404);

      const activity = (await mod.agent.get(`/api/admin/audit/members/${m.id}/streams`).expect(200)).body;
      expect(activity.streams.map((s: { streamId: string }) => s.streamId)).toEqual(
        expect.arrayContaining([`post-${p}`, `user-${m.id}`]),
      );

      // Crypto-shredding: once the account is deleted its personal data is unreadable, not an error.
      const user = (await mod.agent.get(`/api/admin/audit/streams/user-${m.id}/events`).expect(200)).body;
      expect(user.items[0].data.personal).toEqual({ email: m.email, displayName: m.displayName, name: m.displayName });
      expect(JSON.stringify(user)).not.toContain('passwordHash');
      await m.agent.delete('/api/account').set('X-CSRF-Token', m.token).send({ password: m.password }).expect(200);
      const shredded = (await mod.agent.get(`/api/admin/audit/streams/user-${m.id}/events`).expect(200)).body;
      expect(shredded.items[0].data).toMatchObject({ personal: { unreadable: true } });
      expect(JSON.stringify(shredded)).not.toContain(m.email);
      expect((await mod.agent.get(`/api/admin/audit/streams/user-${m.id}/state`).expect(200)).body.state).toMatchObject(
        {
          deleted: true,
        },
      );
    });
  },
  IDENTITY_TEST_ENV,
);
