import type { ModerationAction, NotificationView, ReportGroup, ReportTargetType } from '@contract';
import { caughtUp } from '@testing/caught-up';
import { conversationBetween, sendMessage } from '@testing/chat';
import { anonymous, IDENTITY_TEST_ENV, type Member, registerMember } from '@testing/members';
import { createPost, registerVerifiedMember } from '@testing/verified-member';

import { png, whenProcessed } from '../../../src/app/testing/link-preview-kit';
import { describeOnProfiles } from '../../../src/testing/profiles';
import { MODERATION_MESSAGES as M } from '../limits';
import { memberWithRole } from '../testing/staff';

/** What a reporter is told, per outcome, in both languages (projections/notifications/moderation.ts). */
const TOLD: Partial<Record<ModerationAction, [string, string]>> = {
  hide: ['the post was hidden', 'أُخفي المنشور'],
  delete: ['the comment was removed', 'حُذف التعليق'],
  warn: ['the member was warned', 'وُجّه تحذير إلى العضو'],
  suspend: ['the member was suspended', 'أُوقف حساب العضو مؤقتًا'],
  dismiss: ['no action was taken', 'لم يُتّخذ أي إجراء'],
};

/**
 * From a report to its outcome (issue 38): the report keeps where the item's history stood, the
 * action names the reports it answers, the queue shows both and filters by status and reason, and
 * each reporter hears the outcome without the moderator's reason or name.
 */
describeOnProfiles(
  'from a report to its outcome',
  (rt) => {
    let mod: Member;
    let member: Member;
    let author: Member;
    const tag = () => Math.random().toString(36).slice(2, 8);

    const post = (m: Member, path: string, body: Record<string, unknown> = {}) =>
      m.agent.post(path).set('X-CSRF-Token', m.token).send(body);
    const report = async (m: Member, type: ReportTargetType, id: string, reason: string) =>
      (await post(m, `/api/${type}s/${id}/report`, { reason }).expect(201)).body.reportId as string;
    const queue = async (query: string) =>
      (await mod.agent.get(`/api/admin/reports?${query}`).expect(200)).body.items as ReportGroup[];
    const row = async (status: string, reason: string, targetId: string) =>
      (await queue(`status=${status}&reason=${encodeURIComponent(reason)}`)).find((g) => g.targetId === targetId);
    const notices = async (m: Member) =>
      (await m.agent.get('/api/notifications').expect(200)).body.notifications as NotificationView[];
    const storedReport = async (reportId: string) =>
      (await rt().platform.eventStore.readStream(`report-${reportId}`))[0]!;

    beforeAll(async () => {
      [mod, member, author] = [
        await memberWithRole(rt(), 'moderator'),
        await registerMember(rt()),
        await registerVerifiedMember(rt()),
      ];
    }, 60_000);

    it("links each report to the item's history as the reporter saw it: first and latest of the round", async () => {
      const reason = `Misleading ${tag()}`;
      const p = await createPost(author, { content: 'First words' });
      const [r1, r2] = [await registerMember(rt()), await registerMember(rt())];
      const first = await report(r1, 'post', p.id, reason);
      await author.agent
        .patch(`/api/posts/${p.id}/edit`)
        .set('X-CSRF-Token', author.token)
        .send({ content: 'Second words' })
        .expect(200);
      await report(r2, 'post', p.id, reason);

      expect((await storedReport(first)).data).toMatchObject({ history: { streamId: `post-${p.id}`, version: 0 } });
      const group = await row('open', reason, p.id);
      expect(group).toMatchObject({
        count: 2,
        history: { first: { streamId: `post-${p.id}`, version: 0 }, latest: { streamId: `post-${p.id}`, version: 1 } },
      });
      // The link opens the item's history at that moment.
      const at = group!.history.first!;
      const state = await mod.agent.get(`/api/admin/audit/streams/${at.streamId}/state?at=${at.version}`).expect(200);
      expect(state.body.version).toBe(0);

      const c = (await post(author, `/api/posts/${p.id}/comments`, { content: 'A comment' }).expect(201)).body.id;
      const onComment = await report(r1, 'comment', c, reason);
      expect((await storedReport(onComment)).data).toMatchObject({ history: { streamId: `comment-${c}`, version: 0 } });
      const onMember = await report(r1, 'user', author.id, reason);
      expect((await storedReport(onMember)).data).toMatchObject({
        history: { streamId: `user-${author.id}`, version: expect.any(Number) },
      });
    });

    it("names who reported, the latest first and deleted accounts left out, and shows the post's picture", async () => {
      const reason = `Pictured ${tag()}`;
      const created = await author.agent
        .post('/api/posts')
        .set('X-CSRF-Token', author.token)
        .field('content', 'A pictured post')
        .field('imageCaptions', JSON.stringify(['A sunset over the bay']))
        .attach('media', await png(400, 300), 'a.png')
        .expect(201);
      const postId = created.body.id as string;
      const mediaId = (created.body.imageUrls[0] as string).split('/')[2]!;
      expect((await whenProcessed(rt(), mediaId)).status).toBe('ready');
      const [r1, r2, leaving] = [await registerMember(rt()), await registerMember(rt()), await registerMember(rt())];
      for (const r of [r1, leaving, r2]) await report(r, 'post', postId, reason);
      await leaving.agent
        .delete('/api/account')
        .set('X-CSRF-Token', leaving.token)
        .send({ password: leaving.password })
        .expect(200);
      await caughtUp(rt(), ['identity']);

      const group = (await row('open', reason, postId))!;
      expect(group.reporters).toEqual([
        { id: r2.id, username: r2.username, name: r2.displayName },
        { id: r1.id, username: r1.username, name: r1.displayName },
      ]);
      expect(group.target.image).toEqual({
        url: expect.stringMatching(new RegExp(`^/media/${mediaId}/w\\d+\\.\\w+$`)),
        alt: 'A sunset over the bay',
      });
      const picture = await mod.agent.get(group.target.image!.url).expect(200);
      expect(picture.headers['content-type']).toMatch(/^image\//);

      const words = await createPost(author, { content: 'No picture here' });
      await report(r1, 'post', words.id, reason);
      expect((await row('open', reason, words.id))!.target.image).toBeNull();
    });

    it.each([
      ['post', 'hide'],
      ['post', 'dismiss'],
      ['comment', 'delete'],
      ['user', 'warn'],
      ['user', 'suspend'],
      ['message', 'dismiss'],
    ] as const)(
      '%s %s: the action names the reports it answers, and each reporter is told the outcome in both languages',
      async (type, action) => {
        const reason = `Abuse ${tag()}`;
        const secret = `Moderator note ${tag()}`;
        const target = await registerVerifiedMember(rt());
        const [r1, r2] = [await registerVerifiedMember(rt()), await registerVerifiedMember(rt())];
        let id: string;
        if (type === 'post') id = (await createPost(target, { content: 'Reported post' })).id;
        else if (type === 'comment') {
          const p = await createPost(target, { content: 'Post' });
          id = (await post(target, `/api/posts/${p.id}/comments`, { content: 'Reported' }).expect(201)).body.id;
        } else if (type === 'user') id = target.id;
        else {
          const conversation = await conversationBetween(target, r1);
          id = (await sendMessage(target, { conversationId: conversation, content: 'Reported message' })).body.id;
        }
        // Only a message's recipient can report it: one reporter there.
        const reporters = type === 'message' ? [r1] : [r1, r2];
        const reportIds = [];
        for (const r of reporters) reportIds.push(await report(r, type, id, reason));

        const path =
          action === 'dismiss' ? `/api/admin/reports/${type}/${id}/dismiss` : `/api/admin/${type}s/${id}/${action}`;
        const body =
          action === 'suspend'
            ? { reason: secret, until: new Date(Date.now() + 3600_000).toISOString() }
            : { reason: secret };
        const outcome = (await post(mod, path, body).expect(200)).body;
        expect(outcome).toMatchObject({ action, notified: reporters.length, reportIds });

        const closed = await row('closed', reason, id);
        expect(closed).toMatchObject({ status: 'resolved', resolution: { action, moderatorId: mod.id, reportIds } });
        expect(await row('resolved', reason, id)).toEqual(closed);
        expect(await row('open', reason, id)).toBeUndefined();

        const [en, ar] = TOLD[action]!;
        for (const r of reporters) {
          const told = (await notices(r)).filter((n) => n.content.includes(en));
          expect(told).toHaveLength(1);
          expect(told[0]).toMatchObject({ type: 'admin_announcement', targetId: null, targetType: null, actor: null });
          expect(told[0]!.content).toContain(ar);
          expect(JSON.stringify(told[0])).not.toContain(secret);
          expect(JSON.stringify(told[0])).not.toContain(mod.id);
        }
      },
      60_000,
    );

    it('a restore answers no report and tells nobody', async () => {
      const reason = `Restore ${tag()}`;
      const p = await createPost(author, { content: 'Hidden then restored' });
      const r = await registerMember(rt());
      await report(r, 'post', p.id, reason);
      await post(mod, `/api/admin/posts/${p.id}/hide`, { reason: 'x' }).expect(200);
      const restored = (await post(mod, `/api/admin/posts/${p.id}/restore`, { reason: 'Appeal' }).expect(200)).body;
      expect(restored).toMatchObject({ notified: 0, reportIds: [] });
      expect((await notices(r)).filter((n) => n.type === 'admin_announcement')).toHaveLength(1);
    });

    it('filters the queue by reason, case and spacing aside; a bad status or reason is a clear 400', async () => {
      const word = tag();
      const [p1, p2] = [await createPost(author, { content: 'One' }), await createPost(author, { content: 'Two' })];
      const r = await registerMember(rt());
      await report(r, 'post', p1.id, `Spam ${word}`);
      await report(r, 'post', p2.id, `Hate ${word}`);
      await report(member, 'post', p2.id, `spam   ${word.toUpperCase()} `);
      const ids = async (q: string) => (await queue(q)).map((g) => g.targetId);
      expect(await ids(`reason=${encodeURIComponent(`SPAM ${word}`)}`)).toEqual([p2.id, p1.id]);
      expect(await ids(`status=open&reason=${encodeURIComponent(`Hate ${word}`)}`)).toEqual([p2.id]);
      expect(await ids(`status=closed&reason=${encodeURIComponent(`Hate ${word}`)}`)).toEqual([]);
      expect(await ids(`reason=${encodeURIComponent(`Nothing like it ${word}`)}`)).toEqual([]);

      const refused = async (q: string, message: string) =>
        expect((await mod.agent.get(`/api/admin/reports?${q}`).expect(400)).body).toMatchObject({
          code: 'VALIDATION_FAILED',
          message,
        });
      await refused('status=shut', M.badStatus);
      await refused(`reason=${'x'.repeat(501)}`, M.badReasonFilter);
      await refused('reason=%20%20', M.badReasonFilter);
    });

    it('an ordinary member cannot read the queue, see who reported, or act; a guest is asked to sign in', async () => {
      const reason = `Attack ${tag()}`;
      const p = await createPost(author, { content: 'Target' });
      const [r1, attacker] = [await registerMember(rt()), await registerMember(rt())];
      const reportId = await report(r1, 'post', p.id, reason);
      // Filing answers the member's own report only.
      const filed = await post(attacker, `/api/posts/${p.id}/report`, { reason }).expect(201);
      expect(Object.keys(filed.body).sort()).toEqual(['message', 'reportId', 'success']);
      const own = filed.body.reportId as string;

      const forbidden = async (res: { status: number; body: { message?: string } }) =>
        expect([res.status, res.body.message]).toEqual([403, M.moderatorsOnly]);
      for (const q of ['', 'status=closed', `reason=${encodeURIComponent(reason)}`])
        await forbidden(await attacker.agent.get(`/api/admin/reports?${q}`));
      await forbidden(await attacker.agent.get(`/api/admin/audit/streams/report-${reportId}/events`));
      await forbidden(await attacker.agent.get(`/api/admin/audit/streams/report-${own}/state?at=0`));
      await forbidden(await post(attacker, `/api/admin/posts/${p.id}/hide`, { reason: 'mine' }));
      await forbidden(await post(attacker, `/api/admin/reports/post/${p.id}/dismiss`, { reason: 'mine' }));
      await forbidden(await post(attacker, `/api/admin/users/${r1.id}/warn`, { reason: 'mine' }));
      const guest = await anonymous(rt());
      expect((await guest.agent.get('/api/admin/reports').expect(401)).body.message).toBe('Not authenticated');

      // Nothing was acted on: the round is still open, and neither reporter heard a thing.
      expect(await row('open', reason, p.id)).toMatchObject({ count: 2, resolution: null });
      for (const m of [r1, attacker])
        expect((await notices(m)).filter((n) => n.type === 'admin_announcement')).toEqual([]);
      // When a moderator acts, each reporter is told about their own report only: no other reporter named.
      await post(mod, `/api/admin/posts/${p.id}/hide`, { reason: 'Confirmed' }).expect(200);
      const told = JSON.stringify(await notices(attacker));
      expect(told).toContain(TOLD.hide![0]);
      for (const other of [r1.id, r1.username, reportId]) expect(told).not.toContain(other);
    });
  },
  IDENTITY_TEST_ENV,
);
