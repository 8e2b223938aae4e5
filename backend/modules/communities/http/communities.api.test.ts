import { newId } from '@platform/ids';
import { caughtUp } from '@testing/caught-up';
import { IDENTITY_TEST_ENV, type Member, registerMember } from '@testing/members';
import { uploadedImage } from '@testing/uploaded-image';
import { createPost, registerVerifiedMember } from '@testing/verified-member';
import request from 'supertest';

import { describeOnProfiles } from '../../../src/testing/profiles';
import {
  communityForm as form,
  createCommunity as create,
  sendToCommunities as send,
} from '../testing/community-client';

describeOnProfiles(
  'communities',
  (rt) => {
    const server = () => rt().http!.getHttpServer();

    it('a verified member creates a community and owns it; an unverified one, a taken address and bad input are refused', async () => {
      const [owner, unverified] = await Promise.all([registerVerifiedMember(rt()), registerMember(rt())]);
      const res = await send(owner, 'post', '', form({ slug: `jamia-${owner.id.slice(-6)}` })).expect(201);
      expect(res.body.community).toMatchObject({
        slug: `jamia-${owner.id.slice(-6)}`,
        rules: ['Be kind', 'No selling'],
        category: 'study_circle',
        privacy: 'public',
        ownerId: owner.id,
        memberCount: 1,
        postCount: 0,
        me: { standing: 'member', role: 'owner', muted: false, notify: 'all', feedInHome: true },
        pendingRequests: 0,
      });
      const taken = await send(owner, 'post', '', form({ slug: `jamia-${owner.id.slice(-6)}` })).expect(409);
      expect(taken.body).toEqual({ error: 'Conflict', message: 'That community address is taken', code: 'SLUG_TAKEN' });
      const refused = await send(unverified, 'post', '', form()).expect(403);
      expect(refused.body.code).toBe('EMAIL_NOT_VERIFIED');
      for (const bad of [
        { name: 'ab' },
        { category: 'club' },
        { privacy: 'secret' },
        { rules: 'x' },
        { slug: 'A B' },
        { extra: 1 },
      ])
        expect((await send(owner, 'post', '', form(bad)).expect(400)).body.message).toEqual(expect.any(String));
      const made = res.body.community;
      expect((await request(server()).get(`/api/communities/${made.slug}`).expect(200)).body.community.me).toBeNull();
      expect((await request(server()).get('/api/communities/no-such-place').expect(404)).body.code).toBe(
        'COMMUNITY_NOT_FOUND',
      );
    });

    it("shows the owner's own uploads as avatar and banner; another member's upload is refused", async () => {
      const [owner, other] = await Promise.all([registerVerifiedMember(rt()), registerVerifiedMember(rt())]);
      const [avatar, banner, theirs] = await Promise.all([
        uploadedImage(owner),
        uploadedImage(owner),
        uploadedImage(other),
      ]);
      const made = await create(owner, { avatarMediaId: avatar, bannerMediaId: banner });
      const shown = (await request(server()).get(`/api/communities/${made.slug}`).expect(200)).body.community;
      expect([shown.avatarUrl, shown.bannerUrl]).toEqual([`/media/${avatar}`, `/media/${banner}`]);
      const refused = await send(owner, 'post', '', form({ avatarMediaId: theirs })).expect(400);
      expect(refused.body.message).toBe('Image not found');
      await send(owner, 'patch', `/${made.slug}`, { bannerMediaId: theirs }).expect(400);
      const removed = await send(owner, 'patch', `/${made.slug}`, { bannerMediaId: null }).expect(200);
      expect(removed.body.community.bannerUrl).toBeNull();
    });

    it('lists communities by category, city and words; a guest sees public ones only; mine lists my own', async () => {
      const owner = await registerVerifiedMember(rt());
      const tag = owner.id.slice(-6);
      const open = await create(owner, { name: `Masjid Noor ${tag}`, category: 'mosque', city: `Mombasa${tag}` });
      const closed = await create(owner, {
        name: `Sisters ${tag}`,
        category: 'sisters',
        privacy: 'private',
        city: `Mombasa${tag}`,
      });
      const byCity = await request(server()).get(`/api/communities?city=mombasa${tag}`).expect(200);
      expect(byCity.body.communities.map((c: { id: string }) => c.id)).toEqual([open.id]);
      const asMember = await owner.agent.get(`/api/communities?city=Mombasa${tag}`).expect(200);
      expect(asMember.body.communities.map((c: { id: string }) => c.id)).toEqual([closed.id, open.id]);
      const words = await owner.agent.get(`/api/communities?q=${encodeURIComponent(`masj ${tag}`)}`).expect(200);
      expect(words.body.communities.map((c: { id: string }) => c.id)).toEqual([open.id]);
      const mosques = await owner.agent.get(`/api/communities?category=mosque&city=mombasa${tag}`).expect(200);
      expect(mosques.body.communities).toHaveLength(1);
      const mine = await owner.agent.get('/api/communities?mine=true').expect(200);
      expect(mine.body.communities.map((c: { id: string }) => c.id).sort()).toEqual([open.id, closed.id].sort());
      // Mine pages however many there are, by when the member joined, newest first (a cursor of its own).
      const mineFirst = await owner.agent.get('/api/communities?mine=true&limit=1').expect(200);
      expect(mineFirst.body.communities.map((c: { id: string }) => c.id)).toEqual([closed.id]);
      const mineNext = await owner.agent
        .get(`/api/communities?mine=true&limit=1&cursor=${mineFirst.body.nextCursor}`)
        .expect(200);
      expect(mineNext.body).toMatchObject({ communities: [{ id: open.id }], nextCursor: null });
      const badMine = await owner.agent.get('/api/communities?mine=true&cursor=nope').expect(400);
      expect(badMine.body.code).toBe('INVALID_CURSOR');
      const paged = await owner.agent.get(`/api/communities?city=mombasa${tag}&limit=1`).expect(200);
      expect(paged.body.nextCursor).toBe(closed.id);
      const next = await owner.agent.get(`/api/communities?city=mombasa${tag}&limit=1&cursor=${paged.body.nextCursor}`);
      expect(next.body).toMatchObject({ communities: [{ id: open.id }], nextCursor: null });
      expect((await request(server()).get('/api/communities?cursor=nope').expect(400)).body.code).toBe(
        'INVALID_CURSOR',
      );
    });

    it('a private circle: a request waits for a moderator; outsiders see its about page but not one post, anywhere', async () => {
      const [owner, asker, outsider] = await Promise.all([
        registerVerifiedMember(rt()),
        registerVerifiedMember(rt()),
        registerVerifiedMember(rt()),
      ]);
      const circle = await create(owner, { privacy: 'private' });
      const asked = await send(asker, 'post', `/${circle.slug}/join`).expect(202);
      expect(asked.body.community.me).toMatchObject({ standing: 'requested', role: null });
      const queue = await owner.agent.get(`/api/communities/${circle.slug}/requests`).expect(200);
      expect(queue.body.requests).toEqual([
        { user: expect.objectContaining({ id: asker.id }), requestedAt: expect.any(String) },
      ]);
      expect((await asker.agent.get(`/api/communities/${circle.slug}/requests`).expect(403)).body.code).toBe(
        'NOT_COMMUNITY_MODERATOR',
      );
      // Only a moderator approves; the asker cannot approve themself.
      await send(asker, 'post', `/${circle.slug}/requests/${asker.id}/approve`).expect(403);
      const approved = await send(owner, 'post', `/${circle.slug}/requests/${asker.id}/approve`).expect(200);
      expect(approved.body.community).toMatchObject({ memberCount: 2, pendingRequests: 0 });
      await send(owner, 'post', `/${circle.slug}/requests/${asker.id}/approve`).expect(404);

      const post = await createPost(asker, {
        content: `Halaqa notes @${outsider.username} #tajweed`,
        communityId: circle.id,
      });
      expect(post.community).toEqual({
        id: circle.id,
        slug: circle.slug,
        name: expect.any(String),
        privacy: 'private',
      });
      // An outsider: the about page, but no feed, no post, no comments, no reaction, no search hit.
      const about = await outsider.agent.get(`/api/communities/${circle.slug}`).expect(200);
      expect(about.body.community).toMatchObject({ privacy: 'private', postCount: 1, me: { standing: 'none' } });
      expect((await outsider.agent.get(`/api/communities/${circle.slug}/posts`).expect(403)).body.code).toBe(
        'COMMUNITY_PRIVATE',
      );
      await request(server()).get(`/api/communities/${circle.slug}/posts`).expect(403);
      await outsider.agent.get(`/api/communities/${circle.slug}/members`).expect(403);
      await outsider.agent.get(`/api/posts/${post.id}`).expect(404);
      await request(server()).get(`/api/posts/${post.id}`).expect(404);
      await outsider.agent.get(`/api/posts/${post.id}/comments`).expect(404);
      await outsider.agent.post(`/api/posts/${post.id}/like`).set('X-CSRF-Token', outsider.token).expect(404);
      await outsider.agent
        .post(`/api/posts/${post.id}/comments`)
        .set('X-CSRF-Token', outsider.token)
        .send({ content: 'hi' })
        .expect(404);
      const quote = await outsider.agent
        .post('/api/posts')
        .set('X-CSRF-Token', outsider.token)
        .send({ content: 'q', type: 'quote', quotedPostId: post.id });
      expect(quote.status).toBe(400);
      const feed = await outsider.agent.get('/api/feed').expect(200);
      expect(feed.body.map((p: { id: string }) => p.id)).not.toContain(post.id);
      const profile = await outsider.agent.get(`/api/profile/${asker.username}/posts`);
      expect(JSON.stringify(profile.body)).not.toContain(post.id);
      // Search and notifications: no hit, and the mention reaches nobody outside the circle.
      await caughtUp(rt(), ['search', 'notifications']);
      for (const query of ['q=Halaqa', 'hashtag=tajweed']) {
        const found = await outsider.agent.get(`/api/search/results?${query}`).expect(200);
        expect(JSON.stringify(found.body)).not.toContain(post.id);
      }
      const inbox = await outsider.agent.get('/api/notifications?fresh=false').expect(200);
      expect(JSON.stringify(inbox.body)).not.toContain(post.id);
      await send(outsider, 'post', '', {}).expect(400);
      // Into a circle they are not in, one that does not exist, or under an id that is none: refused, nothing posted.
      for (const [communityId, status, code] of [
        [circle.id, 403, 'NOT_COMMUNITY_MEMBER'],
        [newId(), 404, 'COMMUNITY_NOT_FOUND'],
        ['the-circle', 400, 'VALIDATION_FAILED'],
      ] as const) {
        const posting = await outsider.agent
          .post('/api/posts')
          .set('X-CSRF-Token', outsider.token)
          .send({ content: 'sneaking in', communityId });
        expect([communityId, posting.status, posting.body.code]).toEqual([communityId, status, code]);
      }
      const theirs = await outsider.agent.get(`/api/profile/${outsider.username}/posts`).expect(200);
      expect(theirs.body).toEqual([]);

      // Members find it by its words and its hashtag; the outsider above did not.
      for (const query of ['q=Halaqa', 'hashtag=tajweed']) {
        const found = await owner.agent.get(`/api/search/results?${query}`).expect(200);
        expect(JSON.stringify(found.body)).toContain(post.id);
      }
      // Members read it: the community feed, the post, and their home feed's following view.
      const page = await owner.agent.get(`/api/communities/${circle.slug}/posts`).expect(200);
      expect(page.body).toMatchObject({ pinned: [], posts: [{ id: post.id }], nextCursor: null });
      await owner.agent.get(`/api/posts/${post.id}`).expect(200);
      const home = await owner.agent.get('/api/feed?filter=following').expect(200);
      expect(home.body.map((p: { id: string }) => p.id)).toContain(post.id);
      // Keeping the community out of the home feed takes it out.
      await send(owner, 'put', `/${circle.slug}/settings`, { feedInHome: false }).expect(200);
      const after = await owner.agent.get('/api/feed?filter=following').expect(200);
      expect(after.body.map((p: { id: string }) => p.id)).not.toContain(post.id);
    });

    it('pins announcements, removes a post for a reason, and bans a member who then cannot rejoin, post or comment', async () => {
      const [owner, member, mod] = await Promise.all([
        registerVerifiedMember(rt()),
        registerVerifiedMember(rt()),
        registerVerifiedMember(rt()),
      ]);
      const c = await create(owner);
      await send(member, 'post', `/${c.slug}/join`).expect(201);
      await send(mod, 'post', `/${c.slug}/join`).expect(201);
      await send(member, 'post', `/${c.slug}/members/${mod.id}/role`, { role: 'moderator' }).expect(403);
      const promoted = await send(owner, 'post', `/${c.slug}/members/${mod.id}/role`, { role: 'moderator' }).expect(
        200,
      );
      expect(promoted.body.member).toMatchObject({ role: 'moderator' });
      const notice = await createPost(owner, { content: 'Jumuah at 1pm', communityId: c.id });
      const spam = await createPost(member, { content: 'buy now', communityId: c.id });
      await send(member, 'post', `/${c.slug}/posts/${notice.id}/pin`).expect(403);
      await send(mod, 'post', `/${c.slug}/posts/${notice.id}/pin`).expect(200);
      const page = await request(server()).get(`/api/communities/${c.slug}/posts`).expect(200);
      expect(page.body.pinned.map((p: { id: string }) => p.id)).toEqual([notice.id]);
      // A post of another community (or none) cannot be pinned here.
      const elsewhere = await createPost(owner, { content: 'not here' });
      await send(owner, 'post', `/${c.slug}/posts/${elsewhere.id}/pin`).expect(404);

      // A member's report goes to the community's moderators first; keeping the post closes it.
      for (const [who, post] of [
        [owner, spam],
        [mod, notice],
      ] as const)
        await who.agent
          .post(`/api/posts/${post.id}/report`)
          .set('X-CSRF-Token', who.token)
          .send({ reason: 'Spam' })
          .expect(201);
      await caughtUp(rt(), ['communities']);
      const queue = await mod.agent.get(`/api/communities/${c.slug}/reports`).expect(200);
      expect(queue.body.reports.map((r: { postId: string }) => r.postId).sort()).toEqual([spam.id, notice.id].sort());
      expect(queue.body.reports[0]).toMatchObject({
        reasons: ['Spam'],
        reportCount: 1,
        post: { id: expect.any(String) },
      });
      await member.agent.get(`/api/communities/${c.slug}/reports`).expect(403);
      await send(mod, 'post', `/${c.slug}/reports/${notice.id}/dismiss`).expect(200);
      // Another community's moderator cannot close these reports, nor a post of no community be dismissed.
      const other = await create(member);
      await send(member, 'post', `/${other.slug}/reports/${spam.id}/dismiss`).expect(404);
      await send(mod, 'post', `/${c.slug}/reports/${elsewhere.id}/dismiss`).expect(404);
      await send(mod, 'post', `/${c.slug}/posts/${spam.id}/remove`, {}).expect(400);
      await send(mod, 'post', `/${c.slug}/posts/${spam.id}/remove`, { reason: 'Selling' }).expect(200);
      await request(server()).get(`/api/posts/${spam.id}`).expect(404);
      expect((await request(server()).get(`/api/communities/${c.slug}`)).body.community.postCount).toBe(1);
      expect((await mod.agent.get(`/api/communities/${c.slug}/reports`)).body.reports).toEqual([]);

      // A moderator cannot ban the owner or a fellow moderator; the owner can ban anyone but themself.
      await send(mod, 'post', `/${c.slug}/members/${owner.id}/ban`, { reason: 'x' }).expect(403);
      await send(mod, 'post', `/${c.slug}/members/${member.id}/mute`, { reason: 'Cool down' }).expect(200);
      const muted = await member.agent
        .post('/api/posts')
        .set('X-CSRF-Token', member.token)
        .send({ content: 'hello', communityId: c.id });
      expect(muted.body.code).toBe('COMMUNITY_MUTED');
      // Nor comment there; anyone else who reads a public circle may (a stranger here).
      const comment = (m: Member, postId: string) =>
        m.agent.post(`/api/posts/${postId}/comments`).set('X-CSRF-Token', m.token).send({ content: 'A word' });
      expect((await comment(member, notice.id)).body).toMatchObject({ code: 'COMMUNITY_MUTED' });
      await comment(await registerVerifiedMember(rt()), notice.id).expect(201);
      // The members list by role: the moderators' own list, the members alone; another role is refused.
      const byRole = async (role: string) =>
        (await request(server()).get(`/api/communities/${c.slug}/members?role=${role}`).expect(200)).body.members.map(
          (m: { user: { id: string }; role: string; muted: boolean }) => [m.user.id, m.role, m.muted],
        );
      expect(await byRole('owner')).toEqual([[owner.id, 'owner', false]]);
      expect(await byRole('moderator')).toEqual([[mod.id, 'moderator', false]]);
      expect(await byRole('member')).toEqual([[member.id, 'member', true]]);
      const badRole = await request(server()).get(`/api/communities/${c.slug}/members?role=admin`).expect(400);
      expect(badRole.body.message).toBe('role must be one of: owner, moderator, member');
      await send(mod, 'post', `/${c.slug}/members/${member.id}/ban`, { reason: 'Spam' }).expect(200);
      const rejoin = await send(member, 'post', `/${c.slug}/join`).expect(403);
      expect(rejoin.body).toEqual({
        error: 'Forbidden',
        message: 'You are banned from this community',
        code: 'COMMUNITY_BANNED',
      });
      // A ban keeps them out of the circle's conversations too, though anyone may read them.
      expect((await comment(member, notice.id)).body).toMatchObject({ code: 'COMMUNITY_BANNED' });
      const bans = await owner.agent.get(`/api/communities/${c.slug}/bans`).expect(200);
      expect(bans.body.bans).toEqual([expect.objectContaining({ reason: 'Spam', bannedBy: mod.id })]);
      const members = await request(server()).get(`/api/communities/${c.slug}/members`).expect(200);
      expect(members.body.members.map((m: { user: { id: string }; role: string }) => [m.user.id, m.role])).toEqual([
        [owner.id, 'owner'],
        [mod.id, 'moderator'],
      ]);
      // The owner cannot leave before handing over; after, the old owner is a moderator.
      expect((await send(owner, 'post', `/${c.slug}/leave`).expect(409)).body.code).toBe('OWNER_CANNOT_LEAVE');
      await send(owner, 'post', `/${c.slug}/owner`, { userId: mod.id }).expect(200);
      const handed = await request(server()).get(`/api/communities/${c.slug}/members`).expect(200);
      expect(handed.body.members.map((m: { role: string }) => m.role)).toEqual(['owner', 'moderator']);
      await send(owner, 'post', `/${c.slug}/leave`).expect(200);
      expect((await request(server()).get(`/api/communities/${c.slug}`)).body.community).toMatchObject({
        memberCount: 1,
        ownerId: mod.id,
      });
    });

    it('invites into a private circle without a request; guests and strangers cannot act', async () => {
      const [owner, friend] = await Promise.all([registerVerifiedMember(rt()), registerVerifiedMember(rt())]);
      const c = await create(owner, { privacy: 'private' });
      await send(friend, 'post', `/${c.slug}/invites`, { username: owner.username }).expect(403);
      await send(owner, 'post', `/${c.slug}/invites`, { username: 'nobody_here_at_all' }).expect(404);
      expect((await send(owner, 'post', `/${c.slug}/invites`, { username: friend.username }).expect(201)).body).toEqual(
        { invited: friend.id },
      );
      const joined = await send(friend, 'post', `/${c.slug}/join`).expect(201);
      expect(joined.body.community.me).toMatchObject({ standing: 'member', role: 'member' });
      await request(server()).post(`/api/communities/${c.slug}/join`).expect(403);
      await send(friend, 'patch', `/${c.slug}`, { name: 'Taken over' }).expect(403);
      const renamed = await send(owner, 'patch', `/${c.slug}`, {
        name: 'Quran circle',
        rules: ['One', 'Two', 'Three'],
      }).expect(200);
      expect(renamed.body.community).toMatchObject({
        name: 'Quran circle',
        rules: ['One', 'Two', 'Three'],
        slug: c.slug,
      });
      await send(owner, 'patch', `/${c.slug}`, { privacy: 'public' }).expect(400);
    });

    it('notifies: a join request its moderators, an approval the member, new posts and announcements by each setting', async () => {
      const [owner, asker, quiet, pinnedOnly] = (await Promise.all(
        Array.from({ length: 4 }, () => registerVerifiedMember(rt())),
      )) as [Member, Member, Member, Member];
      const c = await create(owner, { privacy: 'private' });
      const inbox = async (m: Member) => {
        await caughtUp(rt(), ['notifications']);
        const res = await m.agent.get('/api/notifications?fresh=false').expect(200);
        return (res.body.notifications as { type: string; targetId: string }[]).map((n) => `${n.type} ${n.targetId}`);
      };
      await send(asker, 'post', `/${c.slug}/join`).expect(202);
      expect(await inbox(owner)).toContain(`community_join_request ${c.slug}`);
      await send(owner, 'post', `/${c.slug}/requests/${asker.id}/approve`).expect(200);
      expect(await inbox(owner)).not.toContain(`community_join_request ${c.slug}`);
      expect(await inbox(asker)).toContain(`community_join_approved ${c.slug}`);
      for (const m of [quiet, pinnedOnly]) {
        await send(owner, 'post', `/${c.slug}/invites`, { username: m.username }).expect(201);
        await send(m, 'post', `/${c.slug}/join`).expect(201);
      }
      await send(quiet, 'put', `/${c.slug}/settings`, { notify: 'none' }).expect(200);
      await send(pinnedOnly, 'put', `/${c.slug}/settings`, { notify: 'pinned' }).expect(200);
      const post = await createPost(owner, { content: `Class moved to Friday @${quiet.username}`, communityId: c.id });
      expect(await inbox(asker)).toContain(`community_post ${post.id}`);
      // A member mentioned in a private circle's post is told, whatever their setting (an outsider is not).
      expect(await inbox(quiet)).toEqual([`mention ${post.id}`]);
      expect(await inbox(quiet)).not.toContain(`community_post ${post.id}`);
      expect(await inbox(pinnedOnly)).not.toContain(`community_post ${post.id}`);
      // Pinned by a moderator who did not write it: the members hear of it, the one who pinned does not.
      await send(owner, 'post', `/${c.slug}/members/${asker.id}/role`, { role: 'moderator' }).expect(200);
      await send(asker, 'post', `/${c.slug}/posts/${post.id}/pin`).expect(200);
      expect(await inbox(pinnedOnly)).toContain(`community_announcement ${post.id}`);
      expect(await inbox(asker)).not.toContain(`community_announcement ${post.id}`);
      expect(await inbox(quiet)).toEqual([`mention ${post.id}`]);

      // Every moderator hears of a request, not only the owner; declining takes both notices back.
      const late = await registerVerifiedMember(rt());
      await send(late, 'post', `/${c.slug}/join`).expect(202);
      for (const m of [owner, asker]) expect(await inbox(m)).toContain(`community_join_request ${c.slug}`);
      await send(quiet, 'post', `/${c.slug}/requests/${late.id}/decline`).expect(403);
      const declined = await send(asker, 'post', `/${c.slug}/requests/${late.id}/decline`).expect(200);
      expect(declined.body.community).toMatchObject({ pendingRequests: 0, memberCount: 4 });
      for (const m of [owner, asker]) expect(await inbox(m)).not.toContain(`community_join_request ${c.slug}`);
      expect(await inbox(late)).not.toContain(`community_join_approved ${c.slug}`);
      const seen = await late.agent.get(`/api/communities/${c.slug}`).expect(200);
      expect(seen.body.community.me).toMatchObject({ standing: 'none' });
      await late.agent.get(`/api/posts/${post.id}`).expect(404);
      // A declined member may ask again.
      await send(late, 'post', `/${c.slug}/join`).expect(202);
    });
  },
  IDENTITY_TEST_ENV,
);
