import { brotliDecompressSync } from 'node:zlib';

import { IDENTITY_TEST_ENV } from '@testing/members';
import { createPost, registerVerifiedMember } from '@testing/verified-member';
import request from 'supertest';

import type { Runtime } from '../../../src/runtime';
import { describeOnProfiles } from '../../../src/testing/profiles';

type Member = Awaited<ReturnType<typeof registerVerifiedMember>>;

/** What the following feed must show, with the read-model cache and without it (split API processes). */
function followingFeedTests(rt: () => Runtime) {
  it('following: no muted, blocked or blocking author, no deleted post, my likes and bookmarks, paged without gap or duplicate', async () => {
    const [me, a, muted, blocked, blocking] = (await Promise.all(
      Array.from({ length: 5 }, () => registerVerifiedMember(rt())),
    )) as [Member, Member, Member, Member, Member];
    const act = (who: Member, path: string) =>
      who.agent
        .post(path)
        .set('X-CSRF-Token', who.token)
        .expect((r) => expect(r.status).toBeLessThan(300));
    for (const other of [a, muted, blocked, blocking]) await act(me, `/api/users/${other.id}/follow`);
    const shown: string[] = [(await createPost(me, { content: 'mine' })).id];
    for (let i = 0; i < 6; i++) shown.push((await createPost(a, { content: `a ${i}` })).id);
    for (const who of [muted, blocked, blocking]) await createPost(who, { content: 'not for me' });
    const gone = await createPost(a, { content: 'deleted' });
    await a.agent.delete(`/api/posts/${gone.id}`).set('X-CSRF-Token', a.token).expect(200);
    await act(me, `/api/users/${muted.id}/mute`);
    await act(me, `/api/users/${blocked.id}/block`);
    await act(blocking, `/api/users/${me.id}/block`);
    await act(me, `/api/posts/${shown[2]}/like`);
    await act(me, `/api/posts/${shown[3]}/bookmark`);

    const seen: { id: string; isLiked: boolean; isBookmarked: boolean }[] = [];
    let cursor = '';
    for (let page = 0; page < 10; page++) {
      const res = await me.agent.get(`/api/feed?filter=following&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body);
      if (res.body.length < 3) break;
      cursor = res.body[2].id;
    }
    expect(seen.map((p) => p.id)).toEqual([...shown].reverse());
    expect(seen.filter((p) => p.isLiked).map((p) => p.id)).toEqual([shown[2]]);
    expect(seen.filter((p) => p.isBookmarked).map((p) => p.id)).toEqual([shown[3]]);
    // Another member's view of the same posts carries none of my state.
    const theirs = await a.agent.get('/api/feed?limit=50').expect(200);
    const liked = theirs.body.find((p: { id: string }) => p.id === shown[2]);
    expect(liked).toMatchObject({ isLiked: false, likes: 1 });
  }, 120_000);
}

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

    it('goes out compressed to a phone that takes Brotli (a page of posts is well over 1 KB)', async () => {
      const author = await registerVerifiedMember(rt());
      for (let i = 0; i < 3; i++) await createPost(author, { content: `Salaam ${i} `.repeat(40) });
      // Injected, so that the body is seen as sent (supertest would decode it).
      const res = await rt()
        .http!.getHttpAdapter()
        .getInstance()
        .inject({ method: 'GET', url: '/api/posts?limit=3', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      const posts = JSON.parse(brotliDecompressSync(res.rawPayload).toString()) as { content: string }[];
      expect(posts.map((p) => p.content)).toEqual([2, 1, 0].map((i) => `Salaam ${i} `.repeat(40).trim()));
    });

    followingFeedTests(rt);
  },
  IDENTITY_TEST_ENV,
);

describeOnProfiles('feed without the read-model cache', (rt) => followingFeedTests(rt), {
  ...IDENTITY_TEST_ENV,
  READ_MODEL_CACHE: 'off',
});
