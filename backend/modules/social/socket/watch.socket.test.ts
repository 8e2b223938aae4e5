import { describeOnProfiles } from '../../../src/testing/profiles';
import { IDENTITY_TEST_ENV, registerMember, type Member } from '../../identity/testing/members';
import { collect, emitWithAck, nextEvent, socketsFor } from '../../messaging/testing/sockets';
import { createPost, registerVerifiedMember } from '../testing/verified-member';

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
      expect(await liked).toMatchObject({ postId: post.id, likes: 1, likeCount: 1, commentsCount: 0, reposts: 0, deleted: false });
      // A client refetching on the push sees the same count.
      expect((await reader.agent.get(`/api/posts/${post.id}`).expect(200)).body.likes).toBe(1);

      const commented = nextEvent<Payload>(watching, 'post_updated', (p) => p.commentsCount === 1);
      await reader.agent.post(`/api/posts/${post.id}/comments`).set('X-CSRF-Token', reader.token).send({ content: 'JazakAllahu khayran' }).expect(201);
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

    it('validates what is watched', async () => {
      const socket = await connect(reader);
      expect(await emitWithAck(socket, 'watch_posts', { postIds: ['nope'] })).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
      expect(await emitWithAck(socket, 'watch_posts', {})).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
      const tooMany = Array.from({ length: 101 }, (_, i) => `01900000-0000-7000-8000-${String(i).padStart(12, '0')}`);
      expect(await emitWithAck(socket, 'watch_posts', { postIds: tooMany })).toMatchObject({ ok: false, message: expect.stringContaining('At most 100') });
    });
  },
  IDENTITY_TEST_ENV,
);
