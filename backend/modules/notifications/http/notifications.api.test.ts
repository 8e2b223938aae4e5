import { NOTIFICATIONS_PROJECTOR } from '@projections/notifications';
import { caughtUp } from '@testing/caught-up';
import type { Member } from '@testing/members';
import { IDENTITY_TEST_ENV } from '@testing/members';
import { createPost, registerVerifiedMember } from '@testing/verified-member';

import { describeOnProfiles } from '../../../src/testing/profiles';

interface Listed {
  notifications: {
    id: string;
    type: string;
    isRead: boolean;
    targetId: string | null;
    actor: { id: string; username: string } | null;
    content: string;
  }[];
  unreadCount: number;
  nextCursor: string | null;
}

describeOnProfiles(
  'notifications',
  (rt) => {
    /**
     * A member's notifications once the projector has caught up: they come from other members'
     * writes, which their authors' answers do not wait for (readsNext). `fresh: false` reads at once,
     * for what the reader's own command must already show.
     */
    const list = async (m: Member, query = '', fresh = true) => {
      if (fresh) await caughtUp(rt(), [NOTIFICATIONS_PROJECTOR]);
      return (await m.agent.get(`/api/notifications${query}`).expect(200)).body as Listed;
    };

    it('tells an author about likes, comments, mentions, reposts, quotes and follows — never about their own', async () => {
      const author = await registerVerifiedMember(rt());
      const fan = await registerVerifiedMember(rt());
      const post = await createPost(author, { content: 'Jumu’ah reminder #Jummah' });
      const csrf = (m: Member) => ({ 'X-CSRF-Token': m.token });

      await fan.agent
        .post(`/api/posts/${post.id}/like`)
        .set(csrf(fan))
        .expect((r) => expect(r.status).toBeLessThan(300));
      await fan.agent
        .post(`/api/posts/${post.id}/repost`)
        .set(csrf(fan))
        .expect((r) => expect(r.status).toBeLessThan(300));
      await fan.agent
        .post(`/api/posts/${post.id}/comments`)
        .set(csrf(fan))
        .send({ content: 'Ameen' })
        .expect((r) => expect(r.status).toBeLessThan(300));
      await createPost(fan, { content: `Read this from @${author.username}`, quotedPostId: post.id });
      await fan.agent
        .post(`/api/users/${author.id}/follow`)
        .set(csrf(fan))
        .expect((r) => expect(r.status).toBeLessThan(300));
      // The author's own like is no news to them.
      await author.agent
        .post(`/api/posts/${post.id}/like`)
        .set(csrf(author))
        .expect((r) => expect(r.status).toBeLessThan(300));

      const got = await list(author);
      expect(got.notifications.map((n) => n.type).sort()).toEqual([
        'comment',
        'follow',
        'like',
        'mention',
        'quote',
        'repost',
      ]);
      expect(got.unreadCount).toBe(6);
      for (const n of got.notifications) expect(n.actor?.id).toBe(fan.id);
      expect(got.notifications.find((n) => n.type === 'like')!.targetId).toBe(post.id);
      expect((await list(fan)).notifications).toEqual([]);

      // Social tab holds them all; the messages tab none.
      expect((await list(author, '?tab=social')).notifications).toHaveLength(6);
      expect((await list(author, '?tab=messages')).notifications).toHaveLength(0);
      await author.agent.get('/api/notifications?tab=nope').expect(400);
    });

    it('takes the notification back when the action is undone', async () => {
      const author = await registerVerifiedMember(rt());
      const fan = await registerVerifiedMember(rt());
      const post = await createPost(author, { content: 'Patience #Sabr' });
      await fan.agent.post(`/api/posts/${post.id}/like`).set('X-CSRF-Token', fan.token);
      expect((await list(author)).notifications.map((n) => n.type)).toEqual(['like']);
      await fan.agent.delete(`/api/posts/${post.id}/like`).set('X-CSRF-Token', fan.token);
      expect((await list(author)).notifications).toEqual([]);
    });

    it('marks read one or all, deletes, and keeps members out of each other’s notifications', async () => {
      const author = await registerVerifiedMember(rt());
      const a = await registerVerifiedMember(rt());
      const b = await registerVerifiedMember(rt());
      await a.agent.post(`/api/users/${author.id}/follow`).set('X-CSRF-Token', a.token);
      await b.agent.post(`/api/users/${author.id}/follow`).set('X-CSRF-Token', b.token);
      const [first, second] = (await list(author)).notifications;

      await b.agent.put(`/api/notifications/${first!.id}/read`).set('X-CSRF-Token', b.token).expect(404);
      await b.agent.delete(`/api/notifications/${first!.id}`).set('X-CSRF-Token', b.token).expect(404);

      await author.agent.put(`/api/notifications/${first!.id}/read`).set('X-CSRF-Token', author.token).expect(200);
      let now = await list(author);
      expect(now.unreadCount).toBe(1);
      expect(now.notifications.find((n) => n.id === first!.id)!.isRead).toBe(true);
      expect((await author.agent.get('/api/notifications/unread-count').expect(200)).body).toEqual({ unreadCount: 1 });

      await author.agent.put('/api/notifications/mark-all-read').set('X-CSRF-Token', author.token).expect(200);
      now = await list(author);
      expect(now.unreadCount).toBe(0);

      await author.agent.delete(`/api/notifications/${second!.id}`).set('X-CSRF-Token', author.token).expect(200);
      expect((await list(author)).notifications.map((n) => n.id)).toEqual([first!.id]);
      await author.agent.delete('/api/notifications/not-a-real-id').set('X-CSRF-Token', author.token).expect(404);
    });

    it('drops and withholds notifications between members once either blocks the other', async () => {
      const author = await registerVerifiedMember(rt());
      const troll = await registerVerifiedMember(rt());
      const post = await createPost(author, { content: 'Charity drive #Charity' });
      await troll.agent.post(`/api/posts/${post.id}/like`).set('X-CSRF-Token', troll.token);
      expect((await list(author)).notifications).toHaveLength(1);
      await author.agent
        .post(`/api/users/${troll.id}/block`)
        .set('X-CSRF-Token', author.token)
        .expect((r) => expect(r.status).toBeLessThan(300));
      // The block's answer waits until the blocker's own notifications show it.
      expect((await list(author, '', false)).notifications).toEqual([]);
      // Even a follow attempt (refused or not) and a mention bring nothing.
      await troll.agent.post(`/api/users/${author.id}/follow`).set('X-CSRF-Token', troll.token);
      await createPost(troll, { content: `hey @${author.username}` });
      expect((await list(author)).notifications).toEqual([]);
    });

    it('pages newest first with a cursor, and needs a session', async () => {
      const author = await registerVerifiedMember(rt());
      const fans = await Promise.all(Array.from({ length: 5 }, () => registerVerifiedMember(rt())));
      for (const f of fans) await f.agent.post(`/api/users/${author.id}/follow`).set('X-CSRF-Token', f.token);
      const first = await list(author, '?limit=3');
      expect(first.notifications).toHaveLength(3);
      expect(first.notifications[0]!.actor!.id).toBe(fans[4]!.id);
      const second = await list(author, `?limit=3&cursor=${encodeURIComponent(first.nextCursor!)}`);
      expect(second.notifications.map((n) => n.actor!.id)).toEqual([fans[1]!.id, fans[0]!.id]);
      expect(second.nextCursor).toBeNull();
      await author.agent.get('/api/notifications?cursor=garbage').expect(400);
      const { default: request } = await import('supertest');
      await request(rt().http!.getHttpServer()).get('/api/notifications').expect(401);
    });
  },
  IDENTITY_TEST_ENV,
);
