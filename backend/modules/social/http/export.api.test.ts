import { conversationBetween, sendMessage } from '@testing/chat';
import { IDENTITY_TEST_ENV } from '@testing/members';
import { createPost, registerVerifiedMember } from '@testing/verified-member';

import { describeOnProfiles } from '../../../src/testing/profiles';

describeOnProfiles(
  'download my data and account deletion across modules',
  (rt) => {
    it('holds the member’s own posts, comments, likes, bookmarks, reposts and follows — nobody else’s', async () => {
      const me = await registerVerifiedMember(rt());
      const other = await registerVerifiedMember(rt());
      const mine = await createPost(me, { content: 'My own reflection #Sabr' });
      const theirs = await createPost(other, { content: 'Their post' });
      const csrf = { 'X-CSRF-Token': me.token };
      await me.agent.post(`/api/posts/${theirs.id}/comments`).set(csrf).send({ content: 'Ameen' });
      await me.agent.post(`/api/posts/${theirs.id}/like`).set(csrf);
      await me.agent.post(`/api/posts/${theirs.id}/bookmark`).set(csrf);
      await me.agent.post(`/api/posts/${theirs.id}/repost`).set(csrf);
      await me.agent.post(`/api/users/${other.id}/follow`).set(csrf);
      await other.agent.post(`/api/posts/${mine.id}/like`).set('X-CSRF-Token', other.token);
      const conversationId = await conversationBetween(me, other);
      await sendMessage(me, { conversationId, content: 'Salaam, from me' }).expect(201);
      await sendMessage(other, { conversationId, content: 'Salaam, from them' }).expect(201);

      const archive = (await me.agent.get('/api/account/export').expect(200)).body;
      expect(archive.posts.map((p: { id: string }) => p.id)).toEqual([mine.id]);
      expect(archive.comments).toEqual([expect.objectContaining({ postId: theirs.id, content: 'Ameen' })]);
      expect(archive.likes).toEqual([expect.objectContaining({ postId: theirs.id })]);
      expect(archive.bookmarks).toEqual([expect.objectContaining({ postId: theirs.id })]);
      expect(archive.reposts).toEqual([expect.objectContaining({ postId: theirs.id })]);
      expect(JSON.stringify(archive.follows)).toContain(other.id);
      expect(archive.messagesSent.map((m: { content: string }) => m.content)).toEqual(['Salaam, from me']);
    });

    it('takes a deleted member’s posts out of every feed and their comments off posts', async () => {
      const leaving = await registerVerifiedMember(rt());
      const reader = await registerVerifiedMember(rt());
      const post = await createPost(leaving, { content: 'Goodbye post #Farewell' });
      const host = await createPost(reader, { content: 'Host post' });
      await leaving.agent
        .post(`/api/posts/${host.id}/comments`)
        .set('X-CSRF-Token', leaving.token)
        .send({ content: 'A comment that must go' });
      const feedIds = async () =>
        ((await reader.agent.get('/api/posts?limit=50').expect(200)).body as { id: string }[]).map((p) => p.id);
      expect(await feedIds()).toContain(post.id);

      await leaving.agent
        .delete('/api/account')
        .set('X-CSRF-Token', leaving.token)
        .send({ password: leaving.password })
        .expect(200);
      expect(await feedIds()).not.toContain(post.id);
      await reader.agent.get(`/api/posts/${post.id}`).expect(404);
      const comments = (await reader.agent.get(`/api/posts/${host.id}/comments`).expect(200)).body;
      expect(JSON.stringify(comments)).not.toContain('A comment that must go');
      await reader.agent.get(`/api/profile/${leaving.username}`).expect(404);
    });
  },
  IDENTITY_TEST_ENV,
);
