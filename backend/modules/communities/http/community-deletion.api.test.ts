import { eventually } from '@testing/eventually';
import { IDENTITY_TEST_ENV, type Member } from '@testing/members';
import { createPost, registerVerifiedMember } from '@testing/verified-member';
import request from 'supertest';

import { describeOnProfiles } from '../../../src/testing/profiles';
import { memberWithRole } from '../../moderation/testing/staff';

/**
 * Deleting a community (issue 41): only its owner, or the app's moderators and admins with a reason;
 * it leaves every list and page at once, its posts are deleted after it (feeds, search, profiles),
 * its members are told, its address is never given again, and the audit history keeps who and why.
 */
describeOnProfiles(
  'deleting a community',
  (rt) => {
    const server = () => request(rt().http!.getHttpServer());
    const send = (m: Member, method: 'post' | 'delete', path: string, body?: object) =>
      m.agent[method](`/api/communities${path}`).set('X-CSRF-Token', m.token).send(body);
    const create = async (owner: Member, privacy: 'public' | 'private', slug?: string) =>
      (
        await send(owner, 'post', '', {
          name: `Youth circle ${Math.random().toString(36).slice(2, 8)}`,
          description: 'Football after Asr',
          rules: [],
          category: 'youth',
          city: 'Kisumu',
          privacy,
          ...(slug ? { slug } : {}),
        }).expect(201)
      ).body.community as { id: string; slug: string };
    const notices = async (m: Member) =>
      (await m.agent.get('/api/notifications').expect(200)).body.notifications as {
        type: string;
        content: string;
        actor: { id: string } | null;
      }[];

    it('is the owner alone, or the app staff with a reason; then the community and its posts are gone', async () => {
      const [owner, member, helper] = await Promise.all([
        registerVerifiedMember(rt()),
        registerVerifiedMember(rt()),
        registerVerifiedMember(rt()),
      ]);
      const moderator = await memberWithRole(rt(), 'moderator');
      const slug = `youth-${Math.random().toString(36).slice(2, 8)}`;
      const c = await create(owner, 'public', slug);
      for (const m of [member, helper]) await send(m, 'post', `/${slug}/join`).expect(201);
      await send(owner, 'post', `/${slug}/members/${helper.id}/role`, { role: 'moderator' }).expect(200);
      const post = await createPost(member, { content: 'Match on Saturday', communityId: c.id });
      const elsewhere = await createPost(member, { content: 'Jumuah reminder' });

      // A member, the community's own moderator, and the app's moderator without a reason are refused.
      expect((await send(member, 'delete', `/${slug}`).expect(403)).body.code).toBe('NOT_COMMUNITY_OWNER');
      expect((await send(helper, 'delete', `/${slug}`).expect(403)).body.code).toBe('NOT_COMMUNITY_OWNER');
      expect((await send(moderator, 'delete', `/${slug}`, {}).expect(400)).body.message).toBe(
        'Say why the community is deleted',
      );
      expect((await send(owner, 'delete', `/${slug}`, { reason: 7 }).expect(400)).body.message).toBe(
        'Reason must be text',
      );
      await server().get(`/api/communities/${slug}`).expect(200);

      expect((await send(owner, 'delete', `/${slug}`).expect(200)).body).toEqual({ deleted: true });
      // At once: its page, feed, membership and list entry answer as for a community that never was.
      await server().get(`/api/communities/${slug}`).expect(404);
      await server().get(`/api/communities/${slug}/posts`).expect(404);
      await send(member, 'post', `/${slug}/leave`).expect(404);
      await send(owner, 'delete', `/${slug}`).expect(404);
      const listed = await owner.agent.get('/api/communities?mine=true').expect(200);
      expect(JSON.stringify(listed.body)).not.toContain(c.id);
      // Its address is never given to another community.
      expect(
        (await send(owner, 'post', '', { name: 'Again', category: 'youth', privacy: 'public', slug }).expect(409)).body
          .code,
      ).toBe('SLUG_TAKEN');
      // Its posts go after it; the author's other posts stay.
      await eventually(
        async () => (await member.agent.get(`/api/posts/${post.id}`)).status,
        (status) => status === 404,
        'the community post deleted',
      );
      await member.agent.get(`/api/posts/${elsewhere.id}`).expect(200);
      const profile = await member.agent.get(`/api/profile/${member.username}/posts`).expect(200);
      expect((profile.body as { id: string }[]).map((p) => p.id)).toEqual([elsewhere.id]);
      // Its members hear it from its owner; the owner does not.
      const told = await eventually(
        () => notices(member),
        (list) => list.some((n) => n.type === 'community_deleted'),
        'the member told',
      );
      expect(told.find((n) => n.type === 'community_deleted')).toMatchObject({ actor: { id: owner.id } });
      expect((await notices(owner)).some((n) => n.type === 'community_deleted')).toBe(false);
    });

    it("lets the app's moderators delete a private circle with a reason, told as the app's and kept in its history", async () => {
      const [owner, member] = await Promise.all([registerVerifiedMember(rt()), registerVerifiedMember(rt())]);
      const moderator = await memberWithRole(rt(), 'moderator');
      const c = await create(owner, 'private');
      await send(owner, 'post', `/${c.slug}/invites`, { username: member.username }).expect(201);
      await send(member, 'post', `/${c.slug}/join`).expect(201);
      await send(moderator, 'delete', `/${c.slug}`, { reason: 'Selling fake certificates' }).expect(200);
      await moderator.agent.get(`/api/communities/${c.slug}`).expect(404);

      for (const m of [owner, member]) {
        const list = await eventually(
          () => notices(m),
          (found) => found.some((n) => n.type === 'community_deleted'),
          'told of the deletion',
        );
        expect(list.find((n) => n.type === 'community_deleted')).toMatchObject({ actor: null });
      }
      const history = await moderator.agent.get(`/api/admin/audit/streams/community-${c.id}/state`).expect(200);
      expect(history.body.view).toMatchObject({
        kind: 'community',
        deleted: { by: moderator.id, asStaff: true, reason: 'Selling fake certificates' },
      });
    });
  },
  IDENTITY_TEST_ENV,
);
