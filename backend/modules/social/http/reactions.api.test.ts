import { csrfAgent } from '@platform/http/testing/csrf-agent';
import { IDENTITY_TEST_ENV } from '@testing/members';
import { createPost, registerVerifiedMember } from '@testing/verified-member';
import request from 'supertest';

import { describeOnProfiles } from '../../../src/testing/profiles';

const MISSING = '00000000-0000-7000-8000-000000000000';

describeOnProfiles(
  'reactions, comments and bookmarks',
  (rt) => {
    const server = () => rt().http!.getHttpServer();

    it.each([
      ['like', { isLiked: true, likedByMe: true, likes: 1, likeCount: 1 }, 'isLiked'],
      ['bookmark', { isBookmarked: true, bookmarks: 1 }, 'isBookmarked'],
      ['repost', { isReposted: true, reposts: 1 }, 'isReposted'],
    ] as const)('%s is an idempotent toggle that never goes below 0', async (kind, on, flag) => {
      const [owner, fan] = [await registerVerifiedMember(rt()), await registerVerifiedMember(rt())];
      const post = await createPost(owner, { content: `react ${kind}` });
      const path = `/api/posts/${post.id}/${kind}`;
      expect((await fan.agent.post(path).set('X-CSRF-Token', fan.token).expect(200)).body).toMatchObject(on);
      expect((await fan.agent.post(path).set('X-CSRF-Token', fan.token).expect(200)).body).toMatchObject(on);
      const seen = await fan.agent.get(`/api/posts/${post.id}`).expect(200);
      expect(seen.body[flag]).toBe(true);
      expect((await request(server()).get(`/api/posts/${post.id}`)).body[flag]).toBe(false);
      await fan.agent.delete(path).set('X-CSRF-Token', fan.token).expect(200);
      const off = await fan.agent.delete(path).set('X-CSRF-Token', fan.token).expect(200);
      expect(Object.values(off.body).filter((v) => typeof v === 'number')).toEqual(
        Object.values(on)
          .filter((v) => typeof v === 'number')
          .map(() => 0),
      );
      // The fan's mark is off again, and the other marks of the post were never on.
      const after = (await fan.agent.get(`/api/posts/${post.id}`).expect(200)).body;
      expect([after.isLiked, after.isBookmarked, after.isReposted]).toEqual([false, false, false]);
      expect((await fan.agent.post(`/api/posts/${MISSING}/${kind}`).set('X-CSRF-Token', fan.token)).status).toBe(404);
      const { agent, token } = await csrfAgent(server());
      expect((await agent.post(path).set('X-CSRF-Token', token)).status).toBe(401);
    });

    it('counts 50 concurrent likes on one post as 50', async () => {
      const owner = await registerVerifiedMember(rt());
      const post = await createPost(owner, { content: 'Like me' });
      const fans = await Promise.all(Array.from({ length: 50 }, () => registerVerifiedMember(rt())));
      const answers = await Promise.all(
        fans.map((f) => f.agent.post(`/api/posts/${post.id}/like`).set('X-CSRF-Token', f.token)),
      );
      expect(answers.map((a) => a.status)).toEqual(fans.map(() => 200));
      const detail = await request(server()).get(`/api/posts/${post.id}`).expect(200);
      expect(detail.body).toMatchObject({ likes: 50, likeCount: 50 });
    }, 120_000);

    it('lists comments, refuses empty ones, and lets the author or post owner delete', async () => {
      const [owner, writer, stranger] = [
        await registerVerifiedMember(rt()),
        await registerVerifiedMember(rt()),
        await registerVerifiedMember(rt()),
      ];
      const post = await createPost(owner, { content: 'Discuss' });
      const comment = (who: typeof owner, content: unknown) =>
        who.agent.post(`/api/posts/${post.id}/comments`).set('X-CSRF-Token', who.token).send({ content });
      expect((await comment(writer, '  ')).body).toMatchObject({
        message: 'Empty comment: Please add some content to your comment.',
      });
      const first = (await comment(writer, 'First').expect(201)).body;
      const second = (
        await writer.agent
          .post(`/api/posts/${post.id}/comments`)
          .set('X-CSRF-Token', writer.token)
          .field('content', 'Second')
          .expect(201)
      ).body;
      expect(first).toMatchObject({ postId: post.id, content: 'First', user: { id: writer.id } });
      const files = await writer.agent
        .post(`/api/posts/${post.id}/comments`)
        .set('X-CSRF-Token', writer.token)
        .field('content', 'x')
        .attach('media', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0]), 'a.png');
      expect(files.status).toBe(415); // not of any accepted type, whatever its name
      expect(files.body.message).toBe('a.png is not a supported format');
      const list = await request(server()).get(`/api/posts/${post.id}/comments`).expect(200);
      expect(list.body.map((c: { id: string }) => c.id)).toEqual([first.id, second.id]);
      expect((await request(server()).get(`/api/posts/${post.id}`)).body).toMatchObject({
        commentsCount: 2,
        commentCount: 2,
      });
      const del = (who: typeof owner, id: string) =>
        who.agent.delete(`/api/posts/${post.id}/comments/${id}`).set('X-CSRF-Token', who.token);
      expect((await del(stranger, first.id)).status).toBe(403);
      await del(writer, first.id).expect(200);
      await del(owner, second.id).expect(200);
      expect((await request(server()).get(`/api/posts/${post.id}/comments`)).body).toEqual([]);
      expect((await request(server()).get(`/api/posts/${post.id}`)).body.commentsCount).toBe(0);
      expect((await request(server()).get(`/api/posts/${MISSING}/comments`)).status).toBe(404);
      const replies = await request(server()).get(`/api/profile/${writer.username}/replies`).expect(200);
      expect(replies.body).toEqual([]);
      await comment(writer, 'Third').expect(201);
      expect((await request(server()).get(`/api/profile/${writer.username}/replies`)).body[0]).toMatchObject({
        content: 'Third',
        originalPost: { userId: owner.id, content: 'Discuss' },
      });
    });

    it('hides the comments of members the viewer blocked, who blocked the viewer, or whom the viewer muted', async () => {
      const [owner, viewer, blocked, blocker, muted, plain] = await Promise.all(
        Array.from({ length: 6 }, () => registerVerifiedMember(rt())),
      );
      const post = await createPost(owner!, { content: 'Who may I read?' });
      for (const who of [blocked!, blocker!, muted!, plain!])
        await who.agent
          .post(`/api/posts/${post.id}/comments`)
          .set('X-CSRF-Token', who.token)
          .send({ content: `by ${who.username}` })
          .expect(201);
      const act = (who: typeof owner, verb: 'block' | 'mute', target: typeof owner) =>
        who!.agent.post(`/api/users/${target!.id}/${verb}`).set('X-CSRF-Token', who!.token).expect(200);
      await act(viewer, 'block', blocked);
      await act(blocker, 'block', viewer);
      await act(viewer, 'mute', muted);
      const authors = async (who: typeof owner) =>
        (await who!.agent.get(`/api/posts/${post.id}/comments`).expect(200)).body.map(
          (c: { user: { id: string } }) => c.user.id,
        );
      expect(await authors(viewer)).toEqual([plain!.id]);
      // Nobody else's view changes.
      expect(await authors(owner)).toEqual([blocked!.id, blocker!.id, muted!.id, plain!.id]);
    });

    it('pages bookmarks newest first by cursor; likes are private to their owner', async () => {
      const [owner, reader] = [await registerVerifiedMember(rt()), await registerVerifiedMember(rt())];
      const posts = [];
      for (let i = 0; i < 5; i++) posts.push(await createPost(owner, { content: `b${i}` }));
      for (const p of posts)
        await reader.agent.post(`/api/posts/${p.id}/bookmark`).set('X-CSRF-Token', reader.token).expect(200);
      const first = await reader.agent.get('/api/bookmarks?limit=3').expect(200);
      expect(first.body.map((p: { id: string }) => p.id)).toEqual([posts[4]!.id, posts[3]!.id, posts[2]!.id]);
      expect(first.body.every((p: { isBookmarked: boolean }) => p.isBookmarked)).toBe(true);
      const next = await reader.agent.get(`/api/bookmarks?limit=3&cursor=${posts[2]!.id}`).expect(200);
      expect(next.body.map((p: { id: string }) => p.id)).toEqual([posts[1]!.id, posts[0]!.id]);
      expect((await request(server()).get('/api/bookmarks')).status).toBe(401);
      await reader.agent.post(`/api/posts/${posts[0]!.id}/like`).set('X-CSRF-Token', reader.token).expect(200);
      expect(
        (await reader.agent.get(`/api/profile/${reader.username}/likes`).expect(200)).body.map(
          (p: { id: string }) => p.id,
        ),
      ).toEqual([posts[0]!.id]);
      const other = await owner.agent.get(`/api/profile/${reader.username}/likes`);
      expect(other.status).toBe(403);
      expect(other.body.message).toBe('Likes are private');
      expect((await request(server()).get('/api/profile/no_such_member_here/posts')).status).toBe(404);
    });
  },
  IDENTITY_TEST_ENV,
);
