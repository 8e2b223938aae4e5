import { IDENTITY_TEST_ENV, registerMember } from '@testing/members';
import { createPost, registerVerifiedMember } from '@testing/verified-member';
import request from 'supertest';

import { describeOnProfiles } from '../../../src/testing/profiles';

describeOnProfiles(
  'posts',
  (rt) => {
    const server = () => rt().http!.getHttpServer();

    it('creates a text post with hashtags and mentions and answers it as the feed shows it', async () => {
      const m = await registerVerifiedMember(rt());
      const post = await createPost(m, { content: '  Salaam #Jumuah with @someone  ' });
      expect(post).toMatchObject({
        userId: m.id,
        content: 'Salaam #Jumuah with @someone',
        type: 'text',
        hashtags: ['jumuah'],
        mentions: ['someone'],
        likes: 0,
        likeCount: 0,
        commentsCount: 0,
        commentCount: 0,
        reposts: 0,
        bookmarks: 0,
        isLiked: false,
        likedByMe: false,
        isBookmarked: false,
        isReposted: false,
        isPinned: false,
        editedAt: null,
        poll: null,
        quotedPost: null,
        user: { id: m.id, username: m.username },
      });
      expect(post).not.toHaveProperty('limited');
      expect((await request(server()).get(`/api/posts/${post.id}`).expect(200)).body.id).toBe(post.id);
    });

    it.each([
      ['blank content', { content: '   ' }, 'Empty post: Please add some content to your post.'],
      ['no content', {}, 'Empty post: Please add some content to your post.'],
      ['5001 characters', { content: 'x'.repeat(5001) }, 'Post must be 5000 characters or less'],
      [
        'one filled poll option',
        { content: 'q', type: 'poll', pollOptions: ['a', ' '] },
        'A poll needs at least 2 options',
      ],
      [
        'five poll options',
        { content: 'q', type: 'poll', pollOptions: ['a', 'b', 'c', 'd', 'e'] },
        'A poll can have at most 4 options',
      ],
      [
        'poll options not JSON',
        { content: 'q', type: 'poll', pollOptions: 'not json' },
        'Poll options must be a JSON array of texts',
      ],
      [
        'a 101-character caption',
        { content: 'c', imageCaptions: ['x'.repeat(101)] },
        'Image captions must be 100 characters or less',
      ],
      [
        'a missing quoted post',
        { content: 'c', type: 'quote', quotedPostId: '00000000-0000-7000-8000-000000000000' },
        'The quoted post does not exist',
      ],
    ])('refuses %s', async (_label, body, message) => {
      const m = await registerVerifiedMember(rt());
      const res = await m.agent.post('/api/posts').set('X-CSRF-Token', m.token).send(body).expect(400);
      expect(res.body).toMatchObject({ error: 'Bad Request', message });
    });

    it('answers 401 signed out and takes a multipart poll', async () => {
      const m = await registerVerifiedMember(rt());
      const anon = await request(server()).post('/api/posts').send({ content: 'x' });
      expect(anon.status).toBe(403); // no CSRF token: refused before anything else
      const { csrfAgent } = await import('@platform/http/testing/csrf-agent');
      const { agent, token } = await csrfAgent(server());
      expect((await agent.post('/api/posts').set('X-CSRF-Token', token).send({ content: 'x' })).status).toBe(401);
      const form = await m.agent
        .post('/api/posts')
        .set('X-CSRF-Token', m.token)
        .field('content', 'Poll?')
        .field('type', 'poll')
        .field('pollOptions', JSON.stringify(['Yes', 'No']));
      expect(form.status).toBe(201);
      expect(form.body.poll).toMatchObject({
        question: 'Poll?',
        option1: 'Yes',
        option2: 'No',
        option1Votes: 0,
        option2Votes: 0,
      });
    });

    it('accepts an unverified member text only, shows it on the profile, and in the feed once verified', async () => {
      const m = await registerMember(rt());
      const res = await m.agent
        .post('/api/posts')
        .set('X-CSRF-Token', m.token)
        .send({ content: 'First post', type: 'poll', pollOptions: ['a', 'b'] })
        .expect(201);
      expect(res.body).toMatchObject({
        type: 'text',
        poll: null,
        limited: true,
        message: expect.stringContaining('Post created with limited features'),
      });
      const feedIds = async () =>
        (await request(server()).get('/api/posts?limit=50').expect(200)).body.map((p: { id: string }) => p.id);
      expect(await feedIds()).not.toContain(res.body.id);
      const profile = await request(server()).get(`/api/profile/${m.username.toUpperCase()}/posts`).expect(200);
      expect(profile.body.map((p: { id: string }) => p.id)).toEqual([res.body.id]);
      const { latestLink } = await import('@testing/members');
      await request(server())
        .get(await latestLink(rt(), m.email, 'verify-email'))
        .expect(302);
      expect(await feedIds()).toContain(res.body.id);
    });

    it('lets only the owner edit, within the limits, and sets editedAt', async () => {
      const [owner, other] = [await registerVerifiedMember(rt()), await registerVerifiedMember(rt())];
      const post = await createPost(owner, { content: 'Before' });
      const edit = (who: typeof owner, content: unknown) =>
        who.agent.patch(`/api/posts/${post.id}/edit`).set('X-CSRF-Token', who.token).send({ content });
      expect((await edit(other, 'Hijacked')).status).toBe(403);
      expect((await edit(owner, '   ')).body).toMatchObject({ message: 'Post content cannot be empty' });
      expect((await edit(owner, 'x'.repeat(501))).body).toMatchObject({
        message: 'Post must be 500 characters or less',
      });
      const ok = await edit(owner, ' After #edit ').expect(200);
      expect(ok.body).toMatchObject({ content: 'After #edit', hashtags: ['edit'], editedAt: expect.any(String) });
      expect((await edit(owner, 'x')).status).toBe(200);
      expect(
        (
          await owner.agent
            .patch('/api/posts/00000000-0000-7000-8000-000000000000/edit')
            .set('X-CSRF-Token', owner.token)
            .send({ content: 'x' })
        ).status,
      ).toBe(404);
    });

    it('lets only the owner delete; a quote then shows the post was deleted', async () => {
      const [owner, other] = [await registerVerifiedMember(rt()), await registerVerifiedMember(rt())];
      const post = await createPost(owner, { content: 'Original' });
      const quote = await createPost(other, { content: 'Look', type: 'quote', quotedPostId: post.id });
      expect(quote).toMatchObject({ type: 'quote', quotedPost: { id: post.id, content: 'Original', deleted: false } });
      expect((await other.agent.delete(`/api/posts/${post.id}`).set('X-CSRF-Token', other.token)).status).toBe(403);
      await owner.agent.delete(`/api/posts/${post.id}`).set('X-CSRF-Token', owner.token).expect(200);
      expect((await request(server()).get(`/api/posts/${post.id}`)).status).toBe(404);
      expect((await owner.agent.delete(`/api/posts/${post.id}`).set('X-CSRF-Token', owner.token)).status).toBe(404);
      const after = await request(server()).get(`/api/posts/${quote.id}`).expect(200);
      expect(after.body.quotedPost).toEqual({ id: post.id, deleted: true, content: 'This post was deleted' });
    });

    it('pins one post per profile, toggling, and only the owner may pin', async () => {
      const [owner, other] = [await registerVerifiedMember(rt()), await registerVerifiedMember(rt())];
      const a = await createPost(owner, { content: 'A' });
      const b = await createPost(owner, { content: 'B' });
      const pin = (who: typeof owner, id: string) =>
        who.agent.post(`/api/posts/${id}/pin`).set('X-CSRF-Token', who.token);
      expect((await pin(other, a.id)).status).toBe(403);
      expect((await pin(owner, a.id).expect(200)).body).toEqual({ success: true, isPinned: true });
      expect((await pin(owner, b.id).expect(200)).body.isPinned).toBe(true);
      const pinned = async () =>
        (await request(server()).get(`/api/profile/${owner.username}/posts`)).body
          .filter((p: { isPinned: boolean }) => p.isPinned)
          .map((p: { id: string }) => p.id);
      expect(await pinned()).toEqual([b.id]);
      expect((await pin(owner, b.id).expect(200)).body.isPinned).toBe(false);
      expect(await pinned()).toEqual([]);
    });

    it("puts the pinned post at the top of the profile's Posts tab, paging through the rest once each", async () => {
      const owner = await registerVerifiedMember(rt());
      const [a, b, c] = [
        await createPost(owner, { content: 'oldest' }),
        await createPost(owner, { content: 'middle' }),
        await createPost(owner, { content: 'newest' }),
      ];
      const tab = async (limit: number) => {
        const ids: string[] = [];
        for (let cursor = ''; ; ) {
          const page = (
            await request(server())
              .get(`/api/profile/${owner.username}/posts?limit=${limit}&cursor=${cursor}`)
              .expect(200)
          ).body as { id: string }[];
          ids.push(...page.map((p) => p.id));
          if (page.length < limit) return ids;
          cursor = page[page.length - 1]!.id;
        }
      };
      expect(await tab(20)).toEqual([c.id, b.id, a.id]);
      await owner.agent.post(`/api/posts/${a.id}/pin`).set('X-CSRF-Token', owner.token).expect(200);
      expect(await tab(20)).toEqual([a.id, c.id, b.id]);
      expect(await tab(2)).toEqual([a.id, c.id, b.id]);
      expect(await tab(1)).toEqual([a.id, c.id, b.id]);
      // Only the Posts tab moves it; unpinned, it goes back to its place.
      await owner.agent.post(`/api/posts/${a.id}/pin`).set('X-CSRF-Token', owner.token).expect(200);
      expect(await tab(2)).toEqual([c.id, b.id, a.id]);
    });

    it('takes one changeable poll vote per member', async () => {
      const [owner, voter] = [await registerVerifiedMember(rt()), await registerVerifiedMember(rt())];
      const poll = await createPost(owner, {
        content: 'Best time?',
        type: 'poll',
        pollOptions: ['Fajr', 'Isha', 'Dhuhr'],
      });
      const vote = (option: unknown) =>
        voter.agent.post(`/api/posts/${poll.id}/poll/vote`).set('X-CSRF-Token', voter.token).send({ option });
      expect((await vote(1).expect(200)).body.poll).toMatchObject({ option1Votes: 1, option2Votes: 0, myVote: 1 });
      expect((await vote(1).expect(200)).body.poll).toMatchObject({ option1Votes: 1, totalVotes: 1 });
      expect((await vote(3).expect(200)).body.poll).toMatchObject({
        option1Votes: 0,
        option3Votes: 1,
        totalVotes: 1,
        myVote: 3,
      });
      for (const bad of [0, 4, 'x'])
        expect((await vote(bad)).body).toMatchObject({ message: 'Please choose one of the poll options' });
      const text = await createPost(owner, { content: 'no poll' });
      expect(
        (await voter.agent.post(`/api/posts/${text.id}/poll/vote`).set('X-CSRF-Token', voter.token).send({ option: 1 }))
          .body.code,
      ).toBe('NOT_A_POLL');
    });

    it('stores reports for moderators', async () => {
      const [owner, reporter] = [await registerVerifiedMember(rt()), await registerVerifiedMember(rt())];
      const post = await createPost(owner, { content: 'Report me' });
      const report = (reason: unknown) =>
        reporter.agent.post(`/api/posts/${post.id}/report`).set('X-CSRF-Token', reporter.token).send({ reason });
      expect((await report('  ')).body.message).toBe('Please tell us why you are reporting this post');
      const res = await report('spam').expect(201);
      const stored = await rt().readModels.collection('reports').get(res.body.reportId);
      expect(stored).toMatchObject({ postId: post.id, reporterId: reporter.id, reason: 'spam', status: 'open' });
    });
  },
  IDENTITY_TEST_ENV,
  // The embedded engine's smoke suite: the API suites run on PostgreSQL + Redis, this one on what
  // `npm start` runs (testing/profiles.ts).
  ['embedded'],
);
