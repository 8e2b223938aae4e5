import type { AppealQueuePage, NotificationView, PostHistoryView, PostView } from '@contract';
import { anonymous, IDENTITY_TEST_ENV, type Member, registerMember } from '@testing/members';
import { createPost, registerVerifiedMember } from '@testing/verified-member';

import { describeOnProfiles } from '../../../src/testing/profiles';
import { MESSAGES } from '../../social/limits';
import { MODERATION_MESSAGES as M } from '../limits';
import { memberWithRole } from '../testing/staff';

/**
 * A hidden post's author is told, still reads their post with why it is hidden, and appeals once per
 * hiding; moderators read the appeals and restore the post or keep it hidden, and the author hears
 * the outcome either way (issue 40).
 */
describeOnProfiles(
  'appeals of a hidden post',
  (rt) => {
    let mod: Member;
    let author: Member;
    let other: Member;

    const send = (m: Member, path: string, body: Record<string, unknown> = {}) =>
      m.agent.post(path).set('X-CSRF-Token', m.token).send(body);
    const hide = (postId: string, reason = 'Spam ring') =>
      send(mod, `/api/admin/posts/${postId}/hide`, { reason }).expect(200);
    const appeal = (m: Member, postId: string, body: Record<string, unknown> = { text: 'It is a reminder' }) =>
      send(m, `/api/posts/${postId}/appeal`, body);
    const read = async (m: Member, postId: string) =>
      (await m.agent.get(`/api/posts/${postId}`).expect(200)).body as PostView;
    const notices = async (m: Member, postId: string) =>
      ((await m.agent.get('/api/notifications').expect(200)).body.notifications as NotificationView[])
        .filter((n) => n.targetId === postId)
        .map((n) => ({ type: n.type, content: n.content, targetType: n.targetType, actor: n.actor }));
    const queue = async (status: 'pending' | 'decided') =>
      (await mod.agent.get(`/api/admin/appeals?status=${status}`).expect(200)).body as AppealQueuePage;

    beforeAll(async () => {
      [mod, author, other] = [
        await memberWithRole(rt(), 'moderator'),
        await registerVerifiedMember(rt()),
        await registerMember(rt()),
      ];
    }, 60_000);

    it('tells the author, who alone (with the moderators) still opens the post, with why and when', async () => {
      const p = await createPost(author, { content: 'Words the moderators hid' });
      await send(author, `/api/posts/${p.id}/comments`, { content: 'A word of my own below it' }).expect(201);
      const hidden = await hide(p.id);

      expect(await notices(author, p.id)).toEqual([
        { type: 'post_hidden', content: 'Spam ring', targetType: 'post', actor: null },
      ]);
      const mine = await read(author, p.id);
      expect(mine).toMatchObject({ id: p.id, content: 'Words the moderators hid', isOwn: true });
      expect(mine.moderation).toEqual({
        status: 'hidden',
        by: 'moderators',
        reason: 'Spam ring',
        hiddenAt: hidden.body.at,
        appeal: null,
        canAppeal: true,
      });
      expect((await read(mod, p.id)).moderation).toMatchObject({ reason: 'Spam ring', canAppeal: false });
      // Everyone else: the same answer as for a post that does not exist.
      const missing = await other.agent.get(`/api/posts/${p.id}`).expect(404);
      expect(missing.body).toMatchObject({ code: 'POST_NOT_FOUND', message: 'Post not found' });
      await (await anonymous(rt())).agent.get(`/api/posts/${p.id}`).expect(404);
      // Its comments go with it: read where the post is read, and by nobody else.
      const comments = async (m: Member, status: number) =>
        (await m.agent.get(`/api/posts/${p.id}/comments`).expect(status)).body;
      for (const reader of [author, mod])
        expect((await comments(reader, 200)).map((c: { content: string }) => c.content)).toEqual([
          'A word of my own below it',
        ]);
      expect(await comments(other, 404)).toMatchObject({ code: 'POST_NOT_FOUND' });

      // The author's profile lists it, and counts it, for the author only.
      const tab = async (m: Member) =>
        ((await m.agent.get(`/api/profile/${author.username}/posts`).expect(200)).body as PostView[]).map((x) => x.id);
      const count = async (m: Member) =>
        (await m.agent.get(`/api/profile/${author.username}`).expect(200)).body.counts.posts as number;
      expect(await tab(author)).toContain(p.id);
      expect(await tab(other)).not.toContain(p.id);
      expect((await count(author)) - (await count(other))).toBe(1);
      expect((await author.agent.get('/api/users/me/counts').expect(200)).body.posts).toBe(await count(author));
      // A visible post says nothing of moderation.
      const visible = await createPost(author, { content: 'Still here' });
      expect((await read(author, visible.id)).moderation).toBeUndefined();
    });

    it('takes an appeal from the author only, of a hidden post only, once, and with a clear message', async () => {
      const p = await createPost(author, { content: 'Appeal me' });
      // Not hidden: nothing to appeal; not theirs: not theirs to appeal.
      expect((await appeal(author, p.id).expect(409)).body.message).toBe(MESSAGES.appealNotHidden);
      expect((await appeal(other, p.id).expect(403)).body.message).toBe(MESSAGES.appealNotOwner);
      await hide(p.id);
      // A hidden post does not exist for anyone else, a moderator included.
      await appeal(other, p.id).expect(404);
      await appeal(mod, p.id).expect(404);
      const long = await appeal(author, p.id, { text: 'x'.repeat(501) }).expect(400);
      expect(long.body).toMatchObject({ code: 'VALIDATION_FAILED', message: MESSAGES.appealTooLong });
      expect((await appeal(author, p.id, { text: 42 }).expect(400)).body.message).toBe(MESSAGES.appealNotText);
      await appeal(author, '0190d7c4-0000-7000-8000-000000000000').expect(404);

      const sent = await appeal(author, p.id, { text: '  It is a reminder, not an advert  ' }).expect(201);
      expect(sent.body).toMatchObject({
        success: true,
        message: MESSAGES.appealSent,
        post: { id: p.id, moderation: { appeal: { status: 'pending', text: 'It is a reminder, not an advert' } } },
      });
      expect(sent.body.post.moderation.canAppeal).toBe(false);
      const twice = await appeal(author, p.id).expect(409);
      expect(twice.body).toMatchObject({ code: 'ALREADY_APPEALED', message: MESSAGES.appealTwice });
      // The author hears of the outcome; the moderators hear that it waits, with the author's words.
      expect((await notices(author, p.id)).map((n) => n.type)).toEqual(['post_hidden']);
      expect(await notices(mod, p.id)).toEqual([
        {
          type: 'post_appealed',
          content: 'It is a reminder, not an advert',
          targetType: 'post',
          actor: expect.objectContaining({ id: author.id }),
        },
      ]);
      expect(await notices(other, p.id)).toEqual([]);
    });

    it('shows moderators the appeal; keeping the post hidden tells the author why and allows no second appeal', async () => {
      const p = await createPost(author, { content: 'Kept hidden' });
      await hide(p.id, 'Selling in the feed');
      await appeal(author, p.id, { text: 'Only a gift' }).expect(201);
      expect((await notices(mod, p.id)).map((n) => n.type)).toEqual(['post_appealed']);

      const entry = (await queue('pending')).items.find((a) => a.postId === p.id);
      expect(entry).toMatchObject({
        streamId: `post-${p.id}`,
        status: 'pending',
        text: 'Only a gift',
        hiding: { moderatorId: mod.id, reason: 'Selling in the feed' },
        decision: null,
        author: { id: author.id, username: author.username },
        post: { text: 'Kept hidden', state: 'hidden', author: { id: author.id } },
      });

      await send(mod, `/api/admin/posts/${p.id}/reject-appeal`, { reason: '' }).expect(400);
      const kept = await send(mod, `/api/admin/posts/${p.id}/reject-appeal`, { reason: 'Still selling' }).expect(200);
      expect(kept.body).toMatchObject({ action: 'reject_appeal', reason: 'Still selling', notified: 0 });
      // Decided: the moderators' notice of it is taken back (it is no longer a task).
      expect(await notices(mod, p.id)).toEqual([]);
      expect(await notices(author, p.id)).toContainEqual({
        type: 'post_appeal_rejected',
        content: 'Still selling',
        targetType: 'post',
        actor: null,
      });
      expect((await read(author, p.id)).moderation).toMatchObject({
        appeal: { status: 'rejected', text: 'Only a gift', decision: { reason: 'Still selling' } },
        canAppeal: false,
      });
      const again = await appeal(author, p.id).expect(409);
      expect(again.body.message).toBe(MESSAGES.appealAlreadyReviewed);
      const noneOpen = await send(mod, `/api/admin/posts/${p.id}/reject-appeal`, { reason: 'Again' }).expect(409);
      expect(noneOpen.body.message).toBe(MESSAGES.noOpenAppeal);
      expect((await queue('pending')).items.map((a) => a.postId)).not.toContain(p.id);
      expect((await queue('decided')).items.find((a) => a.postId === p.id)).toMatchObject({
        status: 'rejected',
        decision: { moderatorId: mod.id, reason: 'Still selling' },
      });
      await other.agent.get(`/api/posts/${p.id}`).expect(404);
    });

    it('restoring grants the appeal: the author is told and the post shows again; a new hiding allows a new appeal', async () => {
      const p = await createPost(author, { content: 'Shown again' });
      await hide(p.id);
      await appeal(author, p.id).expect(201);
      await send(mod, `/api/admin/posts/${p.id}/reject-appeal`, { reason: 'No' }).expect(200);
      await send(mod, `/api/admin/posts/${p.id}/restore`, { reason: 'Second look' }).expect(200);
      expect((await notices(author, p.id)).map((n) => n.type)).toContain('post_restored');
      await hide(p.id, 'Off topic');
      expect((await read(author, p.id)).moderation).toMatchObject({
        reason: 'Off topic',
        appeal: null,
        canAppeal: true,
      });
      await appeal(author, p.id, {}).expect(201);

      await send(mod, `/api/admin/posts/${p.id}/restore`, { reason: 'Fair point' }).expect(200);
      const told = await notices(author, p.id);
      expect(told[0]).toEqual({ type: 'post_appeal_accepted', content: '', targetType: 'post', actor: null });
      expect(JSON.stringify(told)).not.toContain('Fair point');
      const shown = await read(other, p.id);
      expect(shown.moderation).toBeUndefined();
      expect((await queue('decided')).items.find((a) => a.postId === p.id)).toMatchObject({
        status: 'granted',
        text: '',
        decision: { reason: 'Fair point' },
      });

      const history = (await mod.agent.get(`/api/admin/audit/streams/post-${p.id}/state`).expect(200)).body;
      expect((history.view as PostHistoryView).appeals.map((a) => a.outcome.status)).toEqual(['rejected', 'granted']);
    });

    it("leaves a community's removal to the community: its author reads why, and is not offered an appeal here", async () => {
      const created = await send(author, '/api/communities', {
        name: `Appeal circle ${Date.now().toString(36)}`,
        category: 'other',
        privacy: 'public',
        city: 'Nairobi',
      }).expect(201);
      const community = created.body.community as { id: string; slug: string };
      const p = await createPost(author, { content: 'Circle words', communityId: community.id });
      await send(author, `/api/communities/${community.slug}/posts/${p.id}/remove`, { reason: 'Off topic' }).expect(
        200,
      );
      expect((await read(author, p.id)).moderation).toMatchObject({
        by: 'community',
        reason: 'Off topic',
        canAppeal: false,
      });
      const refused = await appeal(author, p.id).expect(409);
      expect(refused.body).toMatchObject({ code: 'COMMUNITY_REMOVAL', message: MESSAGES.appealCommunity });
      // The community's own notices tell of it: no "hidden by the moderators" from the app.
      expect((await notices(author, p.id)).map((n) => n.type)).not.toContain('post_hidden');
    });

    it('lets no member list or decide appeals', async () => {
      const p = await createPost(author, { content: 'Staff only' });
      await hide(p.id);
      await appeal(author, p.id).expect(201);
      for (const who of [author, other]) {
        const listed = await who.agent.get('/api/admin/appeals').expect(403);
        expect(listed.body.message).toBe(M.moderatorsOnly);
        await send(who, `/api/admin/posts/${p.id}/reject-appeal`, { reason: 'Mine' }).expect(403);
        await send(who, `/api/admin/posts/${p.id}/restore`, { reason: 'Mine' }).expect(403);
      }
      await (await anonymous(rt())).agent.get('/api/admin/appeals').expect(401);
      const bad = await mod.agent.get('/api/admin/appeals?status=open').expect(400);
      expect(bad.body.message).toBe(M.badAppealStatus);
      await mod.agent.get('/api/admin/appeals?cursor=garbage').expect(400);
      expect((await queue('pending')).items.map((a) => a.postId)).toContain(p.id);
      await other.agent.get(`/api/posts/${p.id}`).expect(404);
    });
  },
  IDENTITY_TEST_ENV,
);
