import { caughtUp } from '@testing/caught-up';
import { IDENTITY_TEST_ENV, latestLink, type Member, registerMember } from '@testing/members';
import { createPost, registerVerifiedMember } from '@testing/verified-member';
import request from 'supertest';

import { describeOnProfiles } from '../../../src/testing/profiles';
import { memberWithRole } from '../../moderation/testing/staff';
import { createCommunity as create, sendToCommunities as send } from '../testing/community-client';

/** The app's own moderators and the recount from the log, over real communities (issue 41). */
describeOnProfiles(
  'communities as the app staff sees them',
  (rt) => {
    it("lets the app's moderators read a private circle and its reports, and recounts every community from the log", async () => {
      const [owner, member] = await Promise.all([registerVerifiedMember(rt()), registerVerifiedMember(rt())]);
      const staff = await memberWithRole(rt(), 'moderator');
      const c = await create(owner, { privacy: 'private' });
      await send(owner, 'post', `/${c.slug}/invites`, { username: member.username }).expect(201);
      await send(member, 'post', `/${c.slug}/join`).expect(201);
      const post = await createPost(member, { content: 'Circle notes', communityId: c.id });
      expect((await staff.agent.get(`/api/posts/${post.id}`).expect(200)).body.id).toBe(post.id);
      const feed = await staff.agent.get(`/api/communities/${c.slug}/posts`).expect(200);
      expect(feed.body.posts.map((p: { id: string }) => p.id)).toEqual([post.id]);
      const members = await staff.agent.get(`/api/communities/${c.slug}/members`).expect(200);
      expect(members.body.members).toHaveLength(2);
      // A member's report goes to the circle's moderators first, and to the app's moderators' queue too.
      await owner.agent
        .post(`/api/posts/${post.id}/report`)
        .set('X-CSRF-Token', owner.token)
        .send({ reason: 'Spam' })
        .expect(201);
      await caughtUp(rt(), ['communities', 'moderation']);
      const circleQueue = await owner.agent.get(`/api/communities/${c.slug}/reports`).expect(200);
      expect(circleQueue.body.reports.map((r: { postId: string }) => r.postId)).toEqual([post.id]);
      const appQueue = (await staff.agent.get('/api/admin/reports?status=open').expect(200)).body;
      expect(appQueue.items.find((g: { targetId: string }) => g.targetId === post.id)).toMatchObject({
        targetType: 'post',
        count: 1,
        reasons: ['Spam'],
        target: { text: 'Circle notes', author: { id: member.id } },
      });
      // A private circle's post is in no profile list (its own feed and its members' home feeds only),
      // while the author's other posts are.
      const open = await createPost(member, { content: 'For everyone' });
      const tab = async (m: Member) =>
        ((await m.agent.get(`/api/profile/${member.username}/posts`).expect(200)).body as { id: string }[]).map(
          (p) => p.id,
        );
      for (const reader of [member, await registerVerifiedMember(rt())]) {
        const listed = await tab(reader);
        expect(listed).toContain(open.id);
        expect(listed).not.toContain(post.id);
      }

      await caughtUp(rt(), ['communities']);
      const admin = await memberWithRole(rt(), 'admin');
      const verify = (await admin.agent.get('/api/admin/projections/verify').expect(200)).body;
      expect(verify.communities.drift).toEqual([]);
      expect(verify.communities.summary).toMatch(/^No drift: [1-9]\d* communities' members, requests and posts/);
    });

    it("keeps a private circle's replies out of every profile, an unverified member's too", async () => {
      const owner = await registerVerifiedMember(rt());
      const [unverified, outsider] = [await registerMember(rt()), await registerVerifiedMember(rt())];
      const c = await create(owner, { privacy: 'private' });
      await send(owner, 'post', `/${c.slug}/invites`, { username: unverified.username }).expect(201);
      await send(unverified, 'post', `/${c.slug}/join`).expect(201);
      const post = await createPost(owner, {
        content: 'The circle only: Thursday at the imam house',
        communityId: c.id,
      });
      await unverified.agent
        .post(`/api/posts/${post.id}/comments`)
        .set('X-CSRF-Token', unverified.token)
        .send({ content: 'I will bring the dates' })
        .expect(201);
      const open = await createPost(owner, { content: 'For everyone' });
      await unverified.agent
        .post(`/api/posts/${open.id}/comments`)
        .set('X-CSRF-Token', unverified.token)
        .send({ content: 'Ameen' })
        .expect(201);
      for (const reader of [outsider, unverified]) {
        const res = await reader.agent.get(`/api/profile/${unverified.username}/replies`).expect(200);
        const text = JSON.stringify(res.body);
        expect(text).toContain('Ameen');
        expect(text).not.toContain('I will bring the dates');
        expect(text).not.toContain('imam house');
      }
    });

    it("keeps an unverified member's private-circle post in the circle once they verify their address", async () => {
      const owner = await registerVerifiedMember(rt());
      const [newcomer, outsider] = [await registerMember(rt()), await registerVerifiedMember(rt())];
      const c = await create(owner, { privacy: 'private' });
      await send(owner, 'post', `/${c.slug}/invites`, { username: newcomer.username }).expect(201);
      await send(newcomer, 'post', `/${c.slug}/join`).expect(201);
      const post = await createPost(newcomer, { content: 'Only for the circle: my new address', communityId: c.id });
      expect(post.limited).toBe(true);
      const open = await createPost(newcomer, { content: 'Salaam everyone' });
      // Another unverified member of the circle replies to it: that reply is in no profile either.
      const replier = await registerMember(rt());
      await send(owner, 'post', `/${c.slug}/invites`, { username: replier.username }).expect(201);
      await send(replier, 'post', `/${c.slug}/join`).expect(201);
      await replier.agent
        .post(`/api/posts/${post.id}/comments`)
        .set('X-CSRF-Token', replier.token)
        .send({ content: 'See you there' })
        .expect(201);
      const replies = await outsider.agent.get(`/api/profile/${replier.username}/replies`).expect(200);
      expect(JSON.stringify(replies.body)).not.toMatch(/See you there|my new address/);
      // While limited it is the circle's too: not on the author's profile, nor at its address for
      // anyone else; its members read it.
      const counted = await outsider.agent.get(`/api/profile/${newcomer.username}`).expect(200);
      expect(counted.body.counts).toMatchObject({ posts: 1 });
      for (const tab of ['posts', 'media'])
        expect(
          JSON.stringify((await outsider.agent.get(`/api/profile/${newcomer.username}/${tab}`).expect(200)).body),
        ).not.toContain('my new address');
      await outsider.agent.get(`/api/posts/${post.id}`).expect(404);
      await outsider.agent.get(`/api/posts/${post.id}/comments`).expect(404);
      await owner.agent.post(`/api/posts/${post.id}/like`).set('X-CSRF-Token', owner.token).expect(200);
      const likes = await owner.agent.get(`/api/profile/${owner.username}/likes`).expect(200);
      expect(JSON.stringify(likes.body)).toContain('my new address');
      // The newcomer follows the verification link: what they wrote while limited is shown as it was meant.
      const link = await latestLink(rt(), newcomer.email, 'verify-email');
      await request(rt().http!.getHttpServer()).get(link).expect(302);
      await caughtUp(rt(), ['social']);
      await outsider.agent.get(`/api/posts/${post.id}`).expect(404);
      await outsider.agent.get(`/api/posts/${open.id}`).expect(200);
      await owner.agent.get(`/api/posts/${post.id}`).expect(200);
      const feed = await owner.agent.get(`/api/communities/${c.slug}/posts`).expect(200);
      expect(feed.body.posts.map((p: { id: string }) => p.id)).toContain(post.id);
      const profile = await outsider.agent.get(`/api/profile/${newcomer.username}/posts`).expect(200);
      expect(JSON.stringify(profile.body)).not.toContain('my new address');
    });
  },
  IDENTITY_TEST_ENV,
);
