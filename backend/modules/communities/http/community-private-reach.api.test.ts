import { IDENTITY_TEST_ENV, type Member } from '@testing/members';
import { collect, emitWithAck, nextEvent, socketsFor } from '@testing/sockets';
import { createPost, registerVerifiedMember } from '@testing/verified-member';

import { describeOnProfiles } from '../../../src/testing/profiles';

/**
 * What an outsider who knows a private community's post id can learn of it: nothing. Taking back a
 * reaction (which needs no readable post) answers no counts, and its live updates are not theirs to
 * watch (issue 41: private communities' posts are seen only by their members).
 */
describeOnProfiles(
  "a private community's post, seen from outside",
  (rt) => {
    const { connect } = socketsFor(rt);
    const send = (m: Member, path: string, body?: object) => m.agent.post(path).set('X-CSRF-Token', m.token).send(body);
    type Circle = { id: string; slug: string };
    /** A private community made by its owner, and `others` verified members not (yet) in it. */
    const privateCircle = async (name: string, others: number) => {
      const [owner, ...members] = await Promise.all(
        Array.from({ length: others + 1 }, () => registerVerifiedMember(rt())),
      );
      const made = await send(owner!, '/api/communities', { name, category: 'other', privacy: 'private' });
      return { owner: owner!, members, c: made.body.community as Circle };
    };
    const joinByInvite = async (owner: Member, c: Circle, m: Member) => {
      await send(owner, `/api/communities/${c.slug}/invites`, { username: m.username }).expect(201);
      await send(m, `/api/communities/${c.slug}/join`).expect(201);
    };

    it('answers an outsider no counts and lets them watch none of its updates', async () => {
      const { owner, members, c } = await privateCircle('Quiet circle', 2);
      const [member, outsider] = members as [Member, Member];
      await joinByInvite(owner, c, member);
      const post = await createPost(owner, { content: 'Circle only', communityId: c.id });
      await send(member, `/api/posts/${post.id}/like`).expect(200);

      // Liking is refused; taking a like back is allowed (nothing to undo) but tells no count.
      await send(outsider, `/api/posts/${post.id}/like`).expect(404);
      for (const kind of ['like', 'bookmark', 'repost']) {
        const answer = await outsider.agent
          .delete(`/api/posts/${post.id}/${kind}`)
          .set('X-CSRF-Token', outsider.token)
          .expect(200);
        expect(Object.values(answer.body).filter((v) => typeof v === 'number' && v > 0)).toEqual([]);
      }
      const own = await member.agent.delete(`/api/posts/${post.id}/bookmark`).set('X-CSRF-Token', member.token);
      expect(own.body).toMatchObject({ bookmarks: 0 });
      const unliked = await member.agent.delete(`/api/posts/${post.id}/like`).set('X-CSRF-Token', member.token);
      expect(unliked.body).toMatchObject({ likes: 0 });
      await send(member, `/api/posts/${post.id}/like`).expect(200);

      const [outside, inside] = await Promise.all([connect(outsider), connect(owner)]);
      expect(await emitWithAck(outside, 'watch_posts', { postIds: [post.id] })).toEqual({ ok: true, watching: 0 });
      expect(await emitWithAck(inside, 'watch_posts', { postIds: [post.id] })).toEqual({ ok: true, watching: 1 });
      const heard = collect(outside, 'post_updated');
      const told = nextEvent<Record<string, unknown>>(inside, 'post_updated', (p) => p.commentsCount === 1);
      await send(member, `/api/posts/${post.id}/comments`, { content: 'Ameen' }).expect(201);
      await told;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toEqual([]);

      // Its comments exist for its members alone: an outsider's report answers as for none.
      const comment = await send(member, `/api/posts/${post.id}/comments`, { content: 'Salaam' }).expect(201);
      const commentId = String(comment.body.id ?? comment.body.comment?.id);
      const refused = await send(outsider, `/api/comments/${commentId}/report`, { reason: 'Spam' });
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe('COMMENT_NOT_FOUND');
      await send(owner, `/api/comments/${commentId}/report`, { reason: 'Spam' }).expect(201);
    });

    it('stops telling a member who leaves, or is banned, the updates of posts they were watching', async () => {
      const { owner, members, c } = await privateCircle('Small circle', 2);
      const [leaver, banned] = members as [Member, Member];
      for (const m of [leaver, banned]) await joinByInvite(owner, c, m);
      const post = await createPost(owner, { content: 'Circle only', communityId: c.id });
      const sockets = await Promise.all([connect(leaver), connect(banned), connect(owner)]);
      for (const socket of sockets)
        expect(await emitWithAck(socket, 'watch_posts', { postIds: [post.id] })).toEqual({ ok: true, watching: 1 });
      const [leaving, banning, staying] = sockets as [(typeof sockets)[0], (typeof sockets)[0], (typeof sockets)[0]];

      await send(leaver, `/api/communities/${c.slug}/leave`).expect(200);
      await send(owner, `/api/communities/${c.slug}/members/${banned.id}/ban`, { reason: 'Spam' }).expect(200);
      // Their sockets have left by the time the owner hears the next update (the push goes first).
      await new Promise((resolve) => setTimeout(resolve, 300));
      const heard = [collect(leaving, 'post_updated'), collect(banning, 'post_updated')];
      const told = nextEvent<Record<string, unknown>>(staying, 'post_updated', (p) => p.likes === 1);
      await send(owner, `/api/posts/${post.id}/like`).expect(200);
      await told;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toEqual([[], []]);
    });
  },
  IDENTITY_TEST_ENV,
);
