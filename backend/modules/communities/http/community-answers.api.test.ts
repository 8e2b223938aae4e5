import { eventually } from '@testing/eventually';
import { IDENTITY_TEST_ENV, type Member } from '@testing/members';
import { registerVerifiedMember } from '@testing/verified-member';
import request from 'supertest';

import { describeOnProfiles } from '../../../src/testing/profiles';

/**
 * An AI scholar's answer shared into a community (issue 41: a post belongs to one community, the
 * share too): a public community's share is in its feed and the Q&A feed; a private one's is for its
 * members only; an anonymous share names nobody there either, its notice included.
 */
describeOnProfiles(
  'AI answers shared into communities',
  (rt) => {
    const server = () => request(rt().http!.getHttpServer());
    const send = (m: Member, path: string, body?: object) => m.agent.post(path).set('X-CSRF-Token', m.token).send(body);
    const create = async (owner: Member, privacy: 'public' | 'private') =>
      (
        await send(owner, '/api/communities', {
          name: `Fiqh circle ${Math.random().toString(36).slice(2, 8)}`,
          category: 'study_circle',
          privacy,
        }).expect(201)
      ).body.community as { id: string; slug: string };
    /** The member asks the scholar, then shares what they were given. */
    const askAndShare = async (m: Member, question: string, extra: object) => {
      const answer = (await send(m, '/api/ai/ask', { question }).expect(200)).body.answer as string;
      return send(m, '/api/ai-share', { question, answer, anonymous: false, ...extra });
    };
    const feedOf = async (m: Member | null, slug: string) =>
      (
        (await (m ? m.agent : server()).get(`/api/communities/${slug}/posts`).expect(200)).body.posts as {
          id: string;
        }[]
      ).map((p) => p.id);
    const qaFeed = async () =>
      ((await server().get('/api/qa/feed?limit=50').expect(200)).body.items as { id: string }[]).map((i) => i.id);

    it("keeps a private circle's anonymous share among its members, naming nobody, out of the Q&A feed", async () => {
      const [owner, member, outsider] = await Promise.all([
        registerVerifiedMember(rt()),
        registerVerifiedMember(rt()),
        registerVerifiedMember(rt()),
      ]);
      const c = await create(owner, 'private');
      await send(owner, `/api/communities/${c.slug}/invites`, { username: member.username }).expect(201);
      await send(member, `/api/communities/${c.slug}/join`).expect(201);
      const shared = await askAndShare(member, 'What breaks the fast?', { anonymous: true, communityId: c.id });
      expect(shared.status).toBe(201);
      const id = String(shared.body.id);

      expect(await feedOf(owner, c.slug)).toContain(id);
      expect(await qaFeed()).not.toContain(id);
      await outsider.agent.get(`/api/posts/${id}`).expect(404);
      const seen = (await owner.agent.get(`/api/posts/${id}`).expect(200)).body;
      expect(seen).toMatchObject({ type: 'ai_answer', isAnonymous: true, aiQuestion: 'What breaks the fast?' });
      expect(JSON.stringify(seen)).not.toContain(member.id);
      // The owner hears of it from nobody; its author hears nothing.
      const notices = await eventually(
        async () =>
          (await owner.agent.get('/api/notifications').expect(200)).body.notifications as {
            type: string;
            targetId: string;
            actor: unknown;
          }[],
        (list) => list.some((n) => n.type === 'community_post' && n.targetId === id),
        'the circle told',
      );
      expect(notices.find((n) => n.targetId === id)).toMatchObject({ actor: null });
      expect(JSON.stringify(notices)).not.toContain(member.id);
      const own = (await member.agent.get('/api/notifications').expect(200)).body.notifications as {
        targetId: string;
      }[];
      expect(own.some((n) => n.targetId === id)).toBe(false);
    });

    it("puts a public community's share in its feed and in the Q&A feed", async () => {
      const owner = await registerVerifiedMember(rt());
      const c = await create(owner, 'public');
      const shared = await askAndShare(owner, 'How is zakat counted?', { communityId: c.id });
      expect(shared.status).toBe(201);
      const id = String(shared.body.id);
      expect(await feedOf(null, c.slug)).toContain(id);
      expect(await qaFeed()).toContain(id);
    });

    it('refuses a community the member is not in, and spends nothing: the answer is shared elsewhere after', async () => {
      const [owner, stranger] = await Promise.all([registerVerifiedMember(rt()), registerVerifiedMember(rt())]);
      const c = await create(owner, 'public');
      const question = 'What is the nisab?';
      const answer = (await send(stranger, '/api/ai/ask', { question }).expect(200)).body.answer as string;
      const refused = await send(stranger, '/api/ai-share', { question, answer, anonymous: false, communityId: c.id });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('NOT_COMMUNITY_MEMBER');
      const bad = await send(stranger, '/api/ai-share', { question, answer, anonymous: false, communityId: 'nope' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Community not found');
      await send(stranger, '/api/ai-share', { question, answer, anonymous: false }).expect(201);
      expect(await feedOf(null, c.slug)).toEqual([]);
    });
  },
  IDENTITY_TEST_ENV,
);
