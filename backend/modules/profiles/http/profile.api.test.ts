import { IDENTITY_TEST_ENV, type Member, PASSWORD, registerMember } from '@testing/members';
import request from 'supertest';

import { describeOnProfiles } from '../../../src/testing/profiles';
import { AuthorsQuery } from '../ports/authors.port';
import { profilesCaughtUp } from '../testing/caught-up';

describeOnProfiles(
  'profiles and follower lists',
  (rt) => {
    const server = () => rt().http!.getHttpServer();
    const follow = (m: Member, target: Member) =>
      m.agent.post(`/api/users/${target.id}/follow`).set('X-CSRF-Token', m.token).expect(200);
    const block = (m: Member, target: Member) =>
      m.agent.post(`/api/users/${target.id}/block`).set('X-CSRF-Token', m.token).expect(200);
    const members = (n: number) => Promise.all(Array.from({ length: n }, () => registerMember(rt())));
    const member = () => registerMember(rt());

    it('answers the profile shape to guests, case-insensitively, and 404 USER_NOT_FOUND for unknown names', async () => {
      const a = await registerMember(rt());
      const res = await request(server()).get(`/api/profile/${a.username.toUpperCase()}`).expect(200);
      expect(res.body).toEqual({
        id: a.id,
        username: a.username,
        displayName: a.displayName,
        name: a.displayName,
        avatarUrl: null,
        profileImage: null,
        bannerUrl: null,
        bio: null,
        location: null,
        website: null,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        verified: false,
        isVerified: false,
        counts: { posts: 0, followers: 0, following: 0, likes: 0 },
        myFollowState: 'not_following',
        isOwner: false,
        relationship: {
          isFollowing: false,
          isFollowingBack: false,
          isBlocked: false,
          hasBlockedMe: false,
          isMuted: false,
        },
        isReduced: false,
        blockedMessage: null,
      });
      expect((await a.agent.get(`/api/profile/${a.username}`).expect(200)).body.isOwner).toBe(true);
      const missing = await request(server()).get('/api/profile/nobody_by_this_name').expect(404);
      expect(missing.body).toEqual({ error: 'Not Found', message: 'User not found', code: 'USER_NOT_FOUND' });
    });

    it('shows "Follow Back" state when they follow me, and following once I do', async () => {
      const [me, them] = await Promise.all([member(), member()]);
      await follow(them, me);
      expect((await me.agent.get(`/api/profile/${them.username}`)).body).toMatchObject({
        myFollowState: 'not_following',
        relationship: { isFollowing: false, isFollowingBack: true },
      });
      await follow(me, them);
      expect((await me.agent.get(`/api/profile/${them.username}`)).body).toMatchObject({
        myFollowState: 'following',
        relationship: { isFollowing: true, isFollowingBack: true },
        counts: { followers: 1, following: 1 },
      });
    });

    it('lists followers and following newest first, paged without gaps or repeats', async () => {
      const star = await registerMember(rt());
      const fans = await members(5);
      for (const f of fans) await follow(f, star);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res: request.Response = await request(server())
          .get(`/api/profile/${star.username}/followers`)
          .query(cursor ? { limit: 2, cursor } : { limit: 2 })
          .expect(200);
        seen.push(...res.body.users.map((u: { id: string }) => u.id));
        cursor = res.body.nextCursor;
        pages++;
      } while (cursor);
      expect(seen).toEqual(fans.map((f) => f.id).reverse());
      expect(pages).toBe(3);

      const following = await request(server()).get(`/api/profile/${fans[0]!.username}/following`).expect(200);
      expect(following.body).toEqual({
        users: [
          {
            id: star.id,
            displayName: star.displayName,
            username: star.username,
            avatarUrl: null,
            bio: null,
            verified: false,
            isFollowing: false,
            isFollowingBack: false,
          },
        ],
        nextCursor: null,
      });
      const asFan = await fans[1]!.agent.get(`/api/profile/${star.username}/followers`).expect(200);
      expect(asFan.body.users.find((u: { id: string }) => u.id === fans[1]!.id)).toMatchObject({ isFollowing: false });
      expect(asFan.body.users.find((u: { id: string }) => u.id === fans[0]!.id)).toMatchObject({
        isFollowing: false,
        isFollowingBack: false,
      });
    });

    it('hides members blocked either way from lists, fills the page past them, and refuses a blocked profile list', async () => {
      const [viewer, star, hidden, blocker, other] = await Promise.all([
        member(),
        member(),
        member(),
        member(),
        member(),
      ]);
      for (const m of [other, hidden, blocker]) await follow(m, star);
      await block(viewer, hidden);
      await block(blocker, viewer);
      const page = await viewer.agent.get(`/api/profile/${star.username}/followers`).query({ limit: 1 }).expect(200);
      // The newest two followers are hidden from this viewer; the page still has one member.
      expect(page.body.users.map((u: { id: string }) => u.id)).toEqual([other.id]);
      expect(page.body.nextCursor).toBeNull();
      const guest = await request(server()).get(`/api/profile/${star.username}/followers`).expect(200);
      expect(guest.body.users).toHaveLength(3);
      const refused = await viewer.agent.get(`/api/profile/${hidden.username}/following`).expect(403);
      expect(refused.body).toEqual({ error: 'Forbidden', message: 'You have blocked this user', code: 'BLOCKED' });
      expect((await viewer.agent.get(`/api/profile/${blocker.username}/followers`).expect(403)).body.message).toBe(
        'This user has blocked you',
      );
    });

    it.each([['0'], ['51'], ['abc'], ['1.5']])('validates the list limit %s', async (limit) => {
      const a = await registerMember(rt());
      const res = await request(server()).get(`/api/profile/${a.username}/followers`).query({ limit }).expect(400);
      expect(res.body).toMatchObject({
        error: 'Bad Request',
        message: 'limit must be a number from 1 to 50',
        code: 'VALIDATION_FAILED',
      });
    });

    it('404s the lists of unknown members', async () => {
      const res = await request(server()).get('/api/profile/nobody_by_this_name/following').expect(404);
      expect(res.body.code).toBe('USER_NOT_FOUND');
    });

    it("gives the side menu the signed-in member's counts", async () => {
      const [me, a, b] = await Promise.all([member(), member(), member()]);
      await follow(a, me);
      await follow(b, me);
      await follow(me, a);
      expect((await me.agent.get('/api/users/me/counts').expect(200)).body).toEqual({
        posts: 0,
        followers: 2,
        following: 1,
        likes: 0,
      });
      const anon = await request(server()).get('/api/users/me/counts').expect(401);
      expect(anon.body.code).toBe('UNAUTHORIZED');
    });

    it('shows authors to the posts side from the profile read model', async () => {
      const a = await registerMember(rt());
      const authors = await rt().http!.get(AuthorsQuery).byIds([a.id, a.id, '0190d7c4-1111-7000-8000-000000000000']);
      expect([...authors.keys()]).toEqual([a.id]);
      expect(authors.get(a.id)).toEqual({
        id: a.id,
        name: a.displayName,
        displayName: a.displayName,
        username: a.username,
        avatarUrl: null,
        profileImage: null,
        bio: null,
        isVerified: false,
      });
      expect(await rt().http!.get(AuthorsQuery).byIds([])).toEqual(new Map());
    });

    it("removes a deleted member's profile and relationships, and corrects the others' counts", async () => {
      const [gone, followed, follower, blocked] = await Promise.all([member(), member(), member(), member()]);
      await follow(gone, followed);
      await follow(follower, gone);
      await block(gone, blocked);
      await gone.agent.delete('/api/account').set('X-CSRF-Token', gone.token).send({ password: PASSWORD }).expect(200);
      // Deletion waits for identity's read model; the others see the rest once profiles catch up.
      await profilesCaughtUp(rt());

      expect((await request(server()).get(`/api/profile/${gone.username}`).expect(404)).body.code).toBe(
        'USER_NOT_FOUND',
      );
      expect((await followed.agent.get('/api/users/me/counts')).body).toMatchObject({ followers: 0, following: 0 });
      expect((await follower.agent.get('/api/users/me/counts')).body).toMatchObject({ followers: 0, following: 0 });
      expect((await request(server()).get(`/api/profile/${followed.username}/followers`)).body.users).toEqual([]);
      expect((await request(server()).get(`/api/profile/${follower.username}/following`)).body.users).toEqual([]);
      expect((await blocked.agent.get(`/api/profile/${followed.username}`)).body.isReduced).toBe(false);
      expect((await rt().http!.get(AuthorsQuery).byIds([gone.id])).size).toBe(0);
      // Following the deleted member now is a 404, not a dangling edge.
      const late = await followed.agent
        .post(`/api/users/${gone.id}/follow`)
        .set('X-CSRF-Token', followed.token)
        .expect(404);
      expect(late.body.code).toBe('USER_NOT_FOUND');
    });
  },
  IDENTITY_TEST_ENV,
);
