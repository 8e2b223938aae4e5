import { csrfAgent } from '@platform/http/testing/csrf-agent';
import { IDENTITY_TEST_ENV, type Member, registerMember } from '@testing/members';
import request from 'supertest';

import { describeOnProfiles } from '../../../src/testing/profiles';
import { RelationshipsQuery } from '../ports/relationships.port';

describeOnProfiles(
  'follow, block and mute',
  (rt) => {
    const server = () => rt().http!.getHttpServer();
    const act = (m: Member, method: 'post' | 'delete', target: string, what: 'follow' | 'block' | 'mute') =>
      m.agent[method](`/api/users/${target}/${what}`).set('X-CSRF-Token', m.token);
    const profileOf = (viewer: Member, username: string) => viewer.agent.get(`/api/profile/${username}`);

    it('follows and unfollows idempotently, with the counts on both profiles', async () => {
      const [a, b] = [await registerMember(rt()), await registerMember(rt())];
      for (let i = 0; i < 2; i++) {
        const res = await act(a, 'post', b.id, 'follow').expect(200);
        expect(res.body).toMatchObject({
          success: true,
          userId: b.id,
          myFollowState: 'following',
          relationship: { isFollowing: true, isFollowingBack: false },
        });
      }
      expect((await profileOf(a, b.username).expect(200)).body).toMatchObject({
        myFollowState: 'following',
        counts: { followers: 1, following: 0 },
      });
      expect((await profileOf(b, a.username).expect(200)).body).toMatchObject({
        myFollowState: 'not_following',
        counts: { followers: 0, following: 1 },
        relationship: { isFollowing: false, isFollowingBack: true },
      });
      for (let i = 0; i < 2; i++) {
        const res = await act(a, 'delete', b.id, 'follow').expect(200);
        expect(res.body).toMatchObject({ myFollowState: 'not_following', relationship: { isFollowing: false } });
      }
      expect((await profileOf(a, b.username)).body.counts).toMatchObject({ followers: 0, following: 0 });
      expect((await profileOf(b, a.username)).body.counts).toMatchObject({ followers: 0, following: 0 });
    });

    it('counts many followers once each when they follow at the same time', async () => {
      const star = await registerMember(rt());
      const fans = await Promise.all(Array.from({ length: 6 }, () => registerMember(rt())));
      await Promise.all(
        fans.flatMap((f) => [
          act(f, 'post', star.id, 'follow').expect(200),
          act(f, 'post', star.id, 'follow').expect(200),
        ]),
      );
      expect((await request(server()).get(`/api/profile/${star.username}`).expect(200)).body.counts.followers).toBe(6);
    });

    it('refuses acting on oneself (400), unknown members (404) and calls without a CSRF token (403)', async () => {
      const a = await registerMember(rt());
      for (const what of ['follow', 'block', 'mute'] as const) {
        const self = await act(a, 'post', a.id, what).expect(400);
        expect(self.body).toEqual({
          error: 'Bad Request',
          message: `You cannot ${what} yourself`,
          code: 'SELF_RELATIONSHIP',
        });
        for (const unknown of ['0190d7c4-1111-7000-8000-000000000000', 'not-an-id']) {
          const missing = await act(a, 'post', unknown, what).expect(404);
          expect(missing.body).toEqual({ error: 'Not Found', message: 'User not found', code: 'USER_NOT_FOUND' });
        }
        const anon = await request(server()).post(`/api/users/${a.id}/${what}`).expect(403);
        expect(anon.body.code).toMatch(/CSRF/);
      }
    });

    it('answers 401 to a signed-out visitor that passes the CSRF check', async () => {
      const a = await registerMember(rt());
      const { agent, token } = await csrfAgent(server());
      for (const what of ['follow', 'block', 'mute']) {
        for (const method of ['post', 'delete'] as const) {
          const res = await agent[method](`/api/users/${a.id}/${what}`).set('X-CSRF-Token', token).expect(401);
          expect(res.body).toEqual({ error: 'Unauthorized', message: 'Not authenticated', code: 'UNAUTHORIZED' });
        }
      }
    });

    it('blocking removes follows both ways, forbids following back, and reduces both profiles', async () => {
      const [a, b] = [await registerMember(rt()), await registerMember(rt())];
      await act(a, 'post', b.id, 'follow').expect(200);
      await act(b, 'post', a.id, 'follow').expect(200);
      const blocked = await act(a, 'post', b.id, 'block').expect(200);
      expect(blocked.body.relationship).toEqual({
        isFollowing: false,
        isFollowingBack: false,
        isBlocked: true,
        hasBlockedMe: false,
        isMuted: false,
      });
      await act(a, 'post', b.id, 'block').expect(200);

      const refused = await act(b, 'post', a.id, 'follow').expect(403);
      expect(refused.body).toEqual({ error: 'Forbidden', message: 'You cannot follow this user', code: 'BLOCKED' });
      expect((await act(a, 'post', b.id, 'follow').expect(403)).body.code).toBe('BLOCKED');

      const mine = (await profileOf(a, b.username).expect(200)).body;
      expect(mine).toMatchObject({
        isReduced: true,
        blockedMessage: 'You have blocked this user',
        bio: null,
        relationship: { isBlocked: true, hasBlockedMe: false },
      });
      const theirs = (await profileOf(b, a.username).expect(200)).body;
      expect(theirs).toMatchObject({
        isReduced: true,
        blockedMessage: 'This user has blocked you',
        relationship: { isBlocked: false, hasBlockedMe: true },
      });
      // The follows are gone from the counts of both members (seen by a third party).
      const c = await registerMember(rt());
      expect((await profileOf(c, a.username)).body.counts).toMatchObject({ followers: 0, following: 0 });
      expect((await profileOf(c, b.username)).body.counts).toMatchObject({ followers: 0, following: 0 });

      await act(a, 'delete', b.id, 'block').expect(200);
      await act(a, 'delete', b.id, 'block').expect(200);
      expect((await profileOf(b, a.username)).body).toMatchObject({
        isReduced: false,
        blockedMessage: null,
        relationship: { hasBlockedMe: false, isFollowing: false },
      });
      await act(b, 'post', a.id, 'follow').expect(200);
    });

    it('mutes without changing follows or the profile', async () => {
      const [a, b] = [await registerMember(rt()), await registerMember(rt())];
      await act(a, 'post', b.id, 'follow').expect(200);
      const muted = await act(a, 'post', b.id, 'mute').expect(200);
      expect(muted.body.relationship).toMatchObject({ isFollowing: true, isMuted: true });
      expect((await profileOf(a, b.username)).body).toMatchObject({
        isReduced: false,
        myFollowState: 'following',
        relationship: { isMuted: true },
      });
      expect((await act(a, 'delete', b.id, 'mute').expect(200)).body.relationship.isMuted).toBe(false);
      expect((await profileOf(a, b.username)).body.relationship.isMuted).toBe(false);
    });

    it('answers the posts side: hidden authors, blocks either way, followed members', async () => {
      const member = () => registerMember(rt());
      const [me, friend, blockedByMe, blockingMe, mutedByMe, stranger] = await Promise.all([
        member(),
        member(),
        member(),
        member(),
        member(),
        member(),
      ]);
      await act(me, 'post', friend.id, 'follow').expect(200);
      await act(me, 'post', mutedByMe.id, 'follow').expect(200);
      await act(me, 'post', mutedByMe.id, 'mute').expect(200);
      await act(me, 'post', blockedByMe.id, 'block').expect(200);
      await act(blockingMe, 'post', me.id, 'block').expect(200);
      const query = rt().http!.get(RelationshipsQuery);
      expect([...(await query.hiddenAuthors(me.id))].sort()).toEqual(
        [blockedByMe.id, blockingMe.id, mutedByMe.id].sort(),
      );
      expect(await query.hiddenAuthors(null)).toEqual(new Set());
      // Muting is one-sided: the muted member still sees me.
      expect(await query.hiddenAuthors(mutedByMe.id)).toEqual(new Set());
      expect(await query.hiddenAuthors(blockedByMe.id)).toEqual(new Set([me.id]));
      expect(await query.blockedEitherWay(me.id, blockedByMe.id)).toBe(true);
      expect(await query.blockedEitherWay(blockingMe.id, me.id)).toBe(true);
      expect(await query.blockedEitherWay(me.id, mutedByMe.id)).toBe(false);
      expect(await query.blockedEitherWay(me.id, stranger.id)).toBe(false);
      expect((await query.followingIds(me.id)).sort()).toEqual([friend.id, mutedByMe.id].sort());
      expect(await query.followingIds(stranger.id)).toEqual([]);
    });

    it('limits follow, block and mute calls to 400 an hour per member', async () => {
      const [spammer, target] = [await registerMember(rt()), await registerMember(rt())];
      for (let sent = 0; sent < 400; sent += 50) {
        const answers = await Promise.all(Array.from({ length: 50 }, () => act(spammer, 'post', spammer.id, 'mute')));
        expect(answers.every((r) => r.status === 400)).toBe(true);
      }
      const limited = await act(spammer, 'post', target.id, 'follow').expect(429);
      expect(limited.body).toEqual({
        error: 'Too Many Requests',
        message: 'Too many attempts. Please try again later.',
        code: 'RATE_LIMITED',
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Someone else is not affected.
      await act(target, 'post', spammer.id, 'follow').expect(200);
    });

    it('exports who I follow, who follows me, my blocks and mutes', async () => {
      const [a, b, c, d] = [
        await registerMember(rt()),
        await registerMember(rt()),
        await registerMember(rt()),
        await registerMember(rt()),
      ];
      await act(a, 'post', b.id, 'follow').expect(200);
      await act(c, 'post', a.id, 'follow').expect(200);
      await act(a, 'post', d.id, 'block').expect(200);
      await act(a, 'post', c.id, 'mute').expect(200);
      const archive = (await a.agent.get('/api/account/export').expect(200)).body;
      expect(archive.follows).toEqual({
        following: [{ userId: b.id, since: expect.any(String) }],
        followers: [{ userId: c.id, since: expect.any(String) }],
        blocked: [{ userId: d.id, since: expect.any(String) }],
        muted: [{ userId: c.id, since: expect.any(String) }],
      });
    });
  },
  IDENTITY_TEST_ENV,
);
