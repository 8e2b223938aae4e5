import { IDENTITY_TEST_ENV, type Member, registerMember } from '@testing/members';
import { collect, emitWithAck, nextEvent, socketsFor } from '@testing/sockets';
import { createPost, registerVerifiedMember } from '@testing/verified-member';

import { describeOnProfiles } from '../../../src/testing/profiles';

type Payload = Record<string, unknown>;

describeOnProfiles(
  'post and feed pushes',
  (rt) => {
    let author: Member;
    let reader: Member;
    const { connect } = socketsFor(rt);
    beforeAll(async () => {
      [author, reader] = await Promise.all([registerVerifiedMember(rt()), registerVerifiedMember(rt())]);
    });

    it('pushes post_updated with the new counts to sockets watching the post, and only to them', async () => {
      const post = await createPost(author, { content: 'Jumu‘ah reminder: Surah al-Kahf' });
      const [watching, elsewhere] = await Promise.all([connect(reader), connect(author)]);
      expect(await emitWithAck(watching, 'watch_posts', { postIds: [post.id] })).toEqual({ ok: true, watching: 1 });
      const unrelated = collect(elsewhere, 'post_updated');

      const liked = nextEvent<Payload>(watching, 'post_updated', (p) => p.likes === 1);
      await reader.agent.post(`/api/posts/${post.id}/like`).set('X-CSRF-Token', reader.token).expect(200);
      expect(await liked).toMatchObject({
        postId: post.id,
        likes: 1,
        likeCount: 1,
        commentsCount: 0,
        reposts: 0,
        deleted: false,
      });
      // A client refetching on the push sees the same count.
      expect((await reader.agent.get(`/api/posts/${post.id}`).expect(200)).body.likes).toBe(1);

      const commented = nextEvent<Payload>(watching, 'post_updated', (p) => p.commentsCount === 1);
      await reader.agent
        .post(`/api/posts/${post.id}/comments`)
        .set('X-CSRF-Token', reader.token)
        .send({ content: 'JazakAllahu khayran' })
        .expect(201);
      await commented;

      await emitWithAck(watching, 'unwatch_posts', { postIds: [post.id] });
      await author.agent.post(`/api/posts/${post.id}/like`).set('X-CSRF-Token', author.token).expect(200);
      const silence = collect(watching, 'post_updated');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(silence).toEqual([]);
      expect(unrelated).toEqual([]);
    });

    it('pushes feed_new_posts to sockets watching the home feed, not for limited posts', async () => {
      const feed = await connect(reader);
      await emitWithAck(feed, 'watch_feed', {});
      const news = collect<Payload>(feed, 'feed_new_posts');
      const unverified = await registerMember(rt());
      await createPost(unverified, { content: 'limited until I verify' });
      const next = nextEvent<Payload>(feed, 'feed_new_posts');
      const post = await createPost(author, { content: 'A new post for the banner' });
      expect(await next).toEqual({ count: 1, postIds: [post.id], authorIds: [author.id] });
      expect(news).toHaveLength(1);
      await emitWithAck(feed, 'unwatch_feed', {});
      await createPost(author, { content: 'nobody is watching' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(news).toHaveLength(1);
    });

    it("counts in feed_new_posts only the posts the watcher's feed shows: not those of authors they block, are blocked by or mute", async () => {
      const member = () => registerVerifiedMember(rt());
      const [x, muter, blocker, blockedByX, both, unrelated] = await Promise.all([
        member(),
        member(),
        member(),
        member(),
        member(),
        member(),
      ]);
      const act = (member: Member, method: 'post' | 'delete', path: string) =>
        member.agent[method](path).set('X-CSRF-Token', member.token).expect(200);
      await act(muter, 'post', `/api/users/${x.id}/mute`);
      await act(blocker, 'post', `/api/users/${x.id}/block`);
      await act(x, 'post', `/api/users/${blockedByX.id}/block`);
      await act(both, 'post', `/api/users/${x.id}/block`);
      await act(both, 'post', `/api/users/${x.id}/mute`);

      const watchers = { muter, blocker, blockedByX, both, unrelated };
      const news = {} as Record<keyof typeof watchers, Payload[]>;
      const sockets = {} as Record<keyof typeof watchers, Awaited<ReturnType<typeof connect>>>;
      for (const [name, member] of Object.entries(watchers) as [keyof typeof watchers, Member][]) {
        sockets[name] = await connect(member);
        expect(await emitWithAck(sockets[name], 'watch_feed', {})).toEqual({ ok: true });
        news[name] = collect<Payload>(sockets[name], 'feed_new_posts');
      }
      /** X posts; resolves once the given watchers have it, then a moment for any wrong one to arrive. */
      const xPosts = async (content: string, reaching: (keyof typeof watchers)[]) => {
        const arrivals = reaching.map((name) =>
          nextEvent<Payload>(sockets[name], 'feed_new_posts', (p) => (p.authorIds as string[]).includes(x.id)),
        );
        const post = await createPost(x, { content });
        for (const payload of await Promise.all(arrivals))
          expect(payload).toEqual({ count: 1, postIds: [post.id], authorIds: [x.id] });
        await new Promise((resolve) => setTimeout(resolve, 300));
        return post.id;
      };
      const countedBy = async (postId: string) => {
        const names = (Object.keys(news) as (keyof typeof watchers)[])
          .filter((name) => news[name].some((p) => (p.postIds as string[]).includes(postId)))
          .sort();
        // What each banner counted is what each feed shows now.
        for (const [name, member] of Object.entries(watchers) as [keyof typeof watchers, Member][]) {
          const feed = (await member.agent.get('/api/feed?limit=20').expect(200)).body as { id: string }[];
          expect([name, feed.some((p) => p.id === postId)]).toEqual([name, names.includes(name)]);
        }
        return names;
      };

      const first = await xPosts('Only the unrelated member hears of this one', ['unrelated']);
      expect(await countedBy(first)).toEqual(['unrelated']);

      // While watching: the mute and the blocks end (both ways); a member who also blocks stays out.
      await act(muter, 'delete', `/api/users/${x.id}/mute`);
      await act(blocker, 'delete', `/api/users/${x.id}/block`);
      await act(x, 'delete', `/api/users/${blockedByX.id}/block`);
      await act(both, 'delete', `/api/users/${x.id}/mute`);
      const second = await xPosts('Back in their feeds', ['muter', 'blocker', 'blockedByX', 'unrelated']);
      expect(await countedBy(second)).toEqual(['blockedByX', 'blocker', 'muter', 'unrelated']);

      // While watching: a new mute and a new block (by X) hide X's next post at once; the other
      // member's last block ends.
      await act(muter, 'post', `/api/users/${x.id}/mute`);
      await act(x, 'post', `/api/users/${blocker.id}/block`);
      await act(both, 'delete', `/api/users/${x.id}/block`);
      const third = await xPosts('Muted again', ['blockedByX', 'both', 'unrelated']);
      expect(await countedBy(third)).toEqual(['blockedByX', 'both', 'unrelated']);
    });

    it('validates what is watched', async () => {
      const socket = await connect(reader);
      expect(await emitWithAck(socket, 'watch_posts', { postIds: ['nope'] })).toMatchObject({
        ok: false,
        code: 'VALIDATION_FAILED',
      });
      expect(await emitWithAck(socket, 'watch_posts', {})).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
      const tooMany = Array.from({ length: 101 }, (_, i) => `01900000-0000-7000-8000-${String(i).padStart(12, '0')}`);
      expect(await emitWithAck(socket, 'watch_posts', { postIds: tooMany })).toMatchObject({
        ok: false,
        message: expect.stringContaining('At most 100'),
      });
    });

    it('bounds the posts one connection watches, counting posts only: not the feed or hide rooms, not a post twice', async () => {
      const [watcher, muted] = await Promise.all([registerVerifiedMember(rt()), registerVerifiedMember(rt())]);
      await watcher.agent.post(`/api/users/${muted.id}/mute`).set('X-CSRF-Token', watcher.token).expect(200);
      const socket = await connect(watcher);
      await emitWithAck(socket, 'watch_feed', {});
      const id = (n: number) => `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`;
      for (let page = 0; page < 5; page++) {
        const postIds = Array.from({ length: 100 }, (_, i) => id(page * 100 + i));
        expect(await emitWithAck(socket, 'watch_posts', { postIds })).toEqual({ ok: true, watching: 100 });
      }
      expect(await emitWithAck(socket, 'watch_posts', { postIds: [id(500)] })).toMatchObject({
        ok: false,
        code: 'TOO_MANY_WATCHED',
      });
      // Watching again what is already watched adds nothing.
      expect(await emitWithAck(socket, 'watch_posts', { postIds: [id(0), id(499)] })).toEqual({
        ok: true,
        watching: 2,
      });
      await emitWithAck(socket, 'unwatch_posts', { postIds: [id(0)] });
      expect(await emitWithAck(socket, 'watch_posts', { postIds: [id(500)] })).toEqual({ ok: true, watching: 1 });
    });
  },
  IDENTITY_TEST_ENV,
);
