import { IDENTITY_TEST_ENV } from '@testing/members';
import { createPost, registerVerifiedMember } from '@testing/verified-member';
import request from 'supertest';

import { describeOnProfiles } from '../../../src/testing/profiles';

describeOnProfiles(
  'feed',
  (rt) => {
    const server = () => rt().http!.getHttpServer();
    const ids = (res: request.Response) => res.body.map((p: { id: string }) => p.id) as string[];

    it('pages newest first while posts are being created, with no duplicate or missing id', async () => {
      const author = await registerVerifiedMember(rt());
      const before: string[] = [];
      for (let i = 0; i < 25; i++) before.push((await createPost(author, { content: `before ${i}` })).id);
      const seen: string[] = [];
      let cursor = '';
      for (let page = 0; page < 200; page++) {
        const res = await request(server())
          .get(`/api/posts?limit=7${cursor ? `&cursor=${cursor}` : ''}`)
          .expect(200);
        seen.push(...ids(res));
        // New posts arrive between pages: they are newer than the cursor, so they never shift this walk.
        await createPost(author, { content: `during ${page}` });
        if (res.body.length < 7) break;
        cursor = ids(res)[6]!;
      }
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of before) expect(seen).toContain(id);
      expect([...seen].sort().reverse()).toEqual(seen);
    }, 120_000);

    it('excludes deleted posts and refuses a bad cursor or limit', async () => {
      const author = await registerVerifiedMember(rt());
      const gone = await createPost(author, { content: 'to delete' });
      await author.agent.delete(`/api/posts/${gone.id}`).set('X-CSRF-Token', author.token).expect(200);
      expect(ids(await request(server()).get('/api/posts?limit=50'))).not.toContain(gone.id);
      expect((await request(server()).get('/api/posts?cursor=nope')).body).toMatchObject({ code: 'INVALID_CURSOR' });
      expect((await request(server()).get('/api/posts?limit=0')).status).toBe(400);
    });

    it('serves /api/feed to members only; following shows followed members and my own posts', async () => {
      const [me, followed, other] = [
        await registerVerifiedMember(rt()),
        await registerVerifiedMember(rt()),
        await registerVerifiedMember(rt()),
      ];
      const mine = await createPost(me, { content: 'mine' });
      const theirs = await createPost(followed, { content: 'followed' });
      const stranger = await createPost(other, { content: 'stranger' });
      await me.agent
        .post(`/api/users/${followed.id}/follow`)
        .set('X-CSRF-Token', me.token)
        .expect((r) => expect(r.status).toBeLessThan(300));
      expect((await request(server()).get('/api/feed')).status).toBe(401);
      const all = ids(await me.agent.get('/api/feed?limit=50').expect(200));
      expect(all).toEqual(expect.arrayContaining([mine.id, theirs.id, stranger.id]));
      const following = ids(await me.agent.get('/api/feed?filter=following&limit=50').expect(200));
      expect(following).toEqual([theirs.id, mine.id]);
      expect((await me.agent.get('/api/feed?filter=nonsense')).status).toBe(400);
    });

    it('hides a blocked author from the feed and their post detail, filling the page anyway', async () => {
      const [me, blocked, other] = [
        await registerVerifiedMember(rt()),
        await registerVerifiedMember(rt()),
        await registerVerifiedMember(rt()),
      ];
      const keep = await createPost(other, { content: 'keep' });
      const hidden = [];
      for (let i = 0; i < 6; i++) hidden.push((await createPost(blocked, { content: `hidden ${i}` })).id);
      await me.agent
        .post(`/api/users/${blocked.id}/block`)
        .set('X-CSRF-Token', me.token)
        .expect((r) => expect(r.status).toBeLessThan(300));
      const page = ids(await me.agent.get('/api/posts?limit=1').expect(200));
      expect(page).toEqual([keep.id]);
      expect((await me.agent.get(`/api/posts/${hidden[0]}`)).status).toBe(404);
    });
  },
  IDENTITY_TEST_ENV,
);
