import { currentCsrfToken } from '@platform/http/testing/csrf-agent';
import { anonymous, IDENTITY_TEST_ENV, type Member, registerMember } from '@testing/members';
import { createPost, registerVerifiedMember } from '@testing/verified-member';

import { describeOnProfiles } from '../../../src/testing/profiles';
import { memberWithRole } from '../testing/staff';

describeOnProfiles(
  'moderation: replay and rebuild',
  (rt) => {
    let mod: Member;
    let admin: Member;
    const post = (m: Member, path: string, body: Record<string, unknown> = {}) =>
      m.agent.post(path).set('X-CSRF-Token', m.token).send(body);
    const lastVersion = async (streamId: string) => {
      const page = (await mod.agent.get(`/api/admin/audit/streams/${streamId}/events`).expect(200)).body;
      return page.items.at(-1).version as number;
    };
    const stateAt = async (streamId: string, version: number) =>
      (await mod.agent.get(`/api/admin/audit/streams/${streamId}/state?at=${version}`).expect(200)).body.state;

    beforeAll(async () => {
      mod = await memberWithRole(rt(), 'moderator');
      admin = await memberWithRole(rt(), 'admin');
    }, 60_000);

    it('state as of each event equals what the read models showed right after it', async () => {
      const author = await registerVerifiedMember(rt());
      const viewer = await registerMember(rt());
      const p = (await createPost(author, { content: 'Replayed' })).id;
      const stream = `post-${p}`;
      /** version of the post stream → did a member see the post (detail and feed) then? */
      const seen = new Map<number, { detail: number; inFeed: boolean }>();
      const record = async () => {
        const detail = (await viewer.agent.get(`/api/posts/${p}`)).status;
        const feed = (await viewer.agent.get('/api/feed?limit=50').expect(200)).body as { id: string }[];
        seen.set(await lastVersion(stream), { detail, inFeed: feed.some((x) => x.id === p) });
      };
      await record();
      for (const [action, reason] of [
        ['hide', 'Spam'],
        ['restore', 'Appeal'],
        ['hide', 'Spam again'],
        ['restore', 'Second appeal'],
      ]) {
        await post(mod, `/api/admin/posts/${p}/${action}`, { reason }).expect(200);
        await record();
      }
      await author.agent.delete(`/api/posts/${p}`).set('X-CSRF-Token', author.token).expect(200);
      await record();

      expect([...seen.keys()]).toEqual([0, 1, 2, 3, 4, 5]);
      for (const [version, shown] of seen) {
        const s = await stateAt(stream, version);
        const visible = s.exists && !s.deleted && !s.hidden;
        expect({ version, detail: shown.detail, inFeed: shown.inFeed }).toEqual({
          version,
          detail: visible ? 200 : 404,
          inFeed: visible,
        });
      }

      // The same for a member: a live session in the read model exactly when the stream's state holds one.
      const m = await registerMember(rt());
      const user = `user-${m.id}`;
      const sessions = new Map<number, boolean>();
      let current = m;
      const recordUser = async () =>
        sessions.set(await lastVersion(user), (await current.agent.get('/api/auth/me')).status === 200);
      await recordUser();
      const until = new Date(Date.now() + 3600_000).toISOString();
      await post(mod, `/api/admin/users/${m.id}/suspend`, { reason: 'Abuse', until }).expect(200);
      await recordUser();
      await post(mod, `/api/admin/users/${m.id}/unsuspend`, { reason: 'Lifted' }).expect(200);
      await recordUser();
      const visitor = await anonymous(rt());
      await visitor.agent
        .post('/api/auth/login')
        .set('X-CSRF-Token', visitor.token)
        .send({ emailOrUsername: m.username, password: m.password })
        .expect(200);
      current = { ...m, agent: visitor.agent, token: currentCsrfToken(visitor.agent) };
      await recordUser();
      expect([...sessions.values()]).toEqual([true, false, false, true]);
      for (const [version, signedIn] of sessions) {
        const s = await stateAt(user, version);
        expect({ version, signedIn }).toEqual({ version, signedIn: s.sessions.length > 0 });
      }
    });

    it('rebuilds social and audit while writes continue: nothing lost or doubled, no drift', async () => {
      const writers = [await registerVerifiedMember(rt()), await registerVerifiedMember(rt())];
      const likers = [await registerMember(rt()), await registerMember(rt()), await registerMember(rt())];
      const likes = new Map<string, number>();
      const write = async (i: number) => {
        const p = (await createPost(writers[i % 2]!, { content: `Written during the rebuild ${i}` })).id;
        const n = i % 4;
        for (const liker of likers.slice(0, n)) await post(liker, `/api/posts/${p}/like`).expect(200);
        likes.set(p, n);
      };
      for (let i = 0; i < 6; i++) await write(i);

      const started = await post(admin, '/api/admin/projections/social/rebuild').expect(202);
      expect(started.body).toMatchObject({ name: 'social', state: 'running', error: null });
      await post(admin, '/api/admin/projections/audit/rebuild').expect(202);
      const progress = async () =>
        (await mod.agent.get('/api/admin/projections').expect(200)).body as {
          name: string;
          rebuild: { state: string; events: number; total: number; generation: number | null } | null;
        }[];
      let i = 6;
      const deadline = Date.now() + 90_000;
      for (;;) {
        await write(i++);
        const rows = await progress();
        const done = ['social', 'audit'].map((n) => rows.find((r) => r.name === n)!.rebuild!);
        expect(done.map((r) => r.state)).not.toContain('failed');
        if (done.every((r) => r.state === 'done')) break;
        if (Date.now() > deadline) throw new Error(`rebuilds did not finish: ${JSON.stringify(done)}`);
      }
      // Writes after the switch land in the new generation too.
      for (let j = 0; j < 3; j++) await write(i++);

      const rows = await progress();
      const social = rows.find((r) => r.name === 'social')!;
      expect(social.rebuild).toMatchObject({ state: 'done', generation: expect.any(Number) });
      expect(social.rebuild!.events).toBeGreaterThan(0);
      for (const [postId, n] of likes) {
        const view = (await mod.agent.get(`/api/posts/${postId}`).expect(200)).body;
        expect({ postId, likes: view.likes ?? view.likeCount }).toEqual({ postId, likes: n });
        const hits = (await mod.agent.get(`/api/admin/audit/streams?q=post-${postId}`).expect(200)).body;
        const events = (await mod.agent.get(`/api/admin/audit/streams/post-${postId}/events`).expect(200)).body;
        expect(hits[0].events).toBe(events.items.length);
      }
      const verify = (await mod.agent.get('/api/admin/projections/verify').expect(200)).body;
      expect(verify).toMatchObject({ projection: 'social', ok: true, drift: [], communities: { drift: [] } });
      expect(verify.posts).toBeGreaterThanOrEqual(likes.size);
    }, 180_000);
  },
  // Writes go on as fast as they can for as long as the rebuilds run: far more posts than a person
  // makes, which the posting budget would refuse.
  { ...IDENTITY_TEST_ENV, RATE_LIMIT_FACTOR: '100' },
);
