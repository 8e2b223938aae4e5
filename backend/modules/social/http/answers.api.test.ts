import { randomBytes } from 'node:crypto';

import { csrfAgent } from '@platform/http/testing/csrf-agent';
import type { Member } from '@testing/members';
import { anonymous, IDENTITY_TEST_ENV } from '@testing/members';
import { registerVerifiedMember } from '@testing/verified-member';
import request from 'supertest';

import { describeOnProfiles } from '../../../src/testing/profiles';

describeOnProfiles(
  'the Q&A community feed (shared AI answers)',
  (rt) => {
    const server = () => rt().http!.getHttpServer();
    const share = (m: Member, body: object) => m.agent.post('/api/ai-share').set('X-CSRF-Token', m.token).send(body);
    const feed = () => request(server()).get('/api/qa/feed?limit=50').expect(200);
    /** What the scholar answers this member (only such an answer may be shared). */
    const ask = async (m: Member, question: string): Promise<string> =>
      (await m.agent.post('/api/ai/ask').set('X-CSRF-Token', m.token).send({ question }).expect(200)).body.answer;
    /** A genuine share (201): the member asks, then shares the answer they were given. */
    const askAndShare = async (m: Member, question: string, anonymous: boolean) =>
      share(m, { question, answer: await ask(m, question), anonymous }).expect(201);
    const answer = {
      question: 'What does the Quran say about patience?',
      answer: 'Seek help through patience (2:153).',
    };

    it('shares publicly or anonymously; the feed is newest first and an anonymous share names nobody', async () => {
      const m = await registerVerifiedMember(rt());
      const given = await ask(m, answer.question);
      const pub = (await share(m, { question: answer.question, answer: given, anonymous: false }).expect(201)).body;
      const anon = (await askAndShare(m, 'Who is Allah?', true)).body;
      expect(pub).toMatchObject({ success: true, id: expect.any(String) });
      const items = (await feed()).body.items as Record<string, unknown>[];
      const ids = items.map((i) => i.id);
      expect(ids.indexOf(anon.id)).toBeLessThan(ids.indexOf(pub.id));
      expect(items.find((i) => i.id === pub.id)).toEqual({
        id: pub.id,
        question: answer.question,
        answer: given,
        likes: 0,
        commentsCount: 0,
        isAnonymous: false,
        user: { name: m.displayName, username: m.username, profileImage: null },
        createdAt: expect.any(String),
        isLiked: false,
        isOwn: false,
      });
      const hidden = items.find((i) => i.id === anon.id)!;
      expect(hidden).toMatchObject({ isAnonymous: true, user: null, question: 'Who is Allah?' });
      // Not a trace of the author anywhere the share is shown.
      const detail = (await request(server()).get(`/api/posts/${anon.id}`).expect(200)).body;
      expect(detail).toMatchObject({ type: 'ai_answer', isAnonymous: true, userId: '', aiQuestion: 'Who is Allah?' });
      expect(JSON.stringify([hidden, detail])).not.toContain(m.id);
      expect(JSON.stringify([hidden, detail])).not.toContain(m.username);
    });

    it('tells the author of an anonymous share it is theirs (isOwn), so they may delete it; nobody else learns who', async () => {
      const [author, other] = [await registerVerifiedMember(rt()), await registerVerifiedMember(rt())];
      // A word no other test writes, so search finds this share and only it.
      const word = `zq${[...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;
      const { id } = (await askAndShare(author, `Is ${word} rewarded?`, true)).body;
      // Every place a share is shown: the Q&A feed, the post detail and search.
      const views = async (agent: { get: (url: string) => request.Test }) => {
        const items = (await agent.get('/api/qa/feed?limit=50').expect(200)).body.items as { id: string }[];
        const found = (await agent.get(`/api/search/results?q=${word}`).expect(200)).body as { id: string }[];
        return [
          items.find((i) => i.id === id),
          (await agent.get(`/api/posts/${id}`).expect(200)).body as { id: string },
          found.find((r) => r.id === id),
        ];
      };
      const mine = await views(author.agent);
      for (const view of mine) expect(view).toMatchObject({ id, isAnonymous: true, isOwn: true });
      // isOwn is the author's only clue: the views still carry no author, even for them.
      expect(mine[1]).toMatchObject({ userId: '', user: { id: '', username: '' } });

      for (const viewer of [other.agent, request(server())]) {
        const seen = await views(viewer);
        for (const view of seen) expect(view).toMatchObject({ id, isAnonymous: true, isOwn: false });
        expect(JSON.stringify(seen)).not.toContain(author.id);
        expect(JSON.stringify(seen)).not.toContain(author.username);
      }

      await other.agent.delete(`/api/posts/${id}`).set('X-CSRF-Token', other.token).expect(403);
      await author.agent.delete(`/api/posts/${id}`).set('X-CSRF-Token', author.token).expect(200);
      expect((await feed()).body.items.map((i: { id: string }) => i.id)).not.toContain(id);
    });

    it('keeps shares out of the home feed and off the author’s profile', async () => {
      const m = await registerVerifiedMember(rt());
      const { id } = (await askAndShare(m, answer.question, true)).body;
      const home = (await m.agent.get('/api/feed?limit=50').expect(200)).body as { id: string }[];
      const everyone = (await request(server()).get('/api/posts?limit=50').expect(200)).body as { id: string }[];
      const profile = (await m.agent.get(`/api/profile/${m.username}/posts`).expect(200)).body as { id: string }[];
      for (const list of [home, everyone, profile]) expect(list.map((p) => p.id)).not.toContain(id);
      expect((await m.agent.get(`/api/profile/${m.username}`).expect(200)).body.counts.posts).toBe(0);
    });

    it('is liked and commented like a post, cannot be edited, and leaves the feed when deleted', async () => {
      const [m, fan] = [await registerVerifiedMember(rt()), await registerVerifiedMember(rt())];
      const { id } = (await askAndShare(m, answer.question, false)).body;
      await fan.agent.post(`/api/posts/${id}/like`).set('X-CSRF-Token', fan.token).expect(200);
      await fan.agent
        .post(`/api/posts/${id}/comments`)
        .set('X-CSRF-Token', fan.token)
        .send({ content: 'JazakAllah khair' })
        .expect(201);
      const seen = (await fan.agent.get('/api/qa/feed?limit=50').expect(200)).body.items.find(
        (i: { id: string }) => i.id === id,
      );
      expect(seen).toMatchObject({ likes: 1, commentsCount: 1, isLiked: true });
      const edit = await m.agent.patch(`/api/posts/${id}/edit`).set('X-CSRF-Token', m.token).send({ content: 'x' });
      expect(edit.status).toBe(409);
      expect(edit.body.message).toBe('A shared answer cannot be edited');
      await m.agent.delete(`/api/posts/${id}`).set('X-CSRF-Token', m.token).expect(200);
      expect((await feed()).body.items.map((i: { id: string }) => i.id)).not.toContain(id);
    });

    it('hides the shares of members who block each other, anonymous ones too', async () => {
      const [m, other] = [await registerVerifiedMember(rt()), await registerVerifiedMember(rt())];
      const { id } = (await askAndShare(m, answer.question, true)).body;
      await other.agent.post(`/api/users/${m.id}/block`).set('X-CSRF-Token', other.token).expect(200);
      const items = (await other.agent.get('/api/qa/feed?limit=50').expect(200)).body.items as { id: string }[];
      expect(items.map((i) => i.id)).not.toContain(id);
    });

    describe('only an answer the scholar gave the member who shares it', () => {
      const refused = (res: request.Response) => {
        expect({ status: res.status, body: res.body }).toEqual({
          status: 422,
          body: {
            error: 'Unprocessable Entity',
            code: 'ANSWER_NOT_PRODUCED',
            message:
              'Only an answer the AI scholar gave you can be shared. Ask your question again and share the answer you get.',
          },
        });
      };
      const head = () => rt().platform.eventStore.headCheckpoint();

      it('refuses a made-up answer with 422 and writes nothing', async () => {
        const m = await registerVerifiedMember(rt());
        const before = await head();
        refused(await share(m, { ...answer, anonymous: false }));
        // Asking the question does not make any text shareable: only the answer that was given.
        const given = await ask(m, answer.question);
        refused(await share(m, { ...answer, anonymous: true }));
        refused(await share(m, { question: 'Is music allowed?', answer: given, anonymous: false }));
        expect(await head()).toBe(before);
        const items = (await feed()).body.items as { answer: string }[];
        expect(items.map((i) => i.answer)).not.toContain(answer.answer);
      });

      it('refuses another member’s genuine answer, and a guest’s, to anyone but who was given it', async () => {
        const [asker, other] = [await registerVerifiedMember(rt()), await registerVerifiedMember(rt())];
        const question = 'What does the Quran say about charity?';
        const given = await ask(asker, question);
        refused(await share(other, { question, answer: given, anonymous: false }));

        const guest = await anonymous(rt());
        const forGuest = (
          await guest.agent
            .post('/api/ai/ask')
            .set('X-CSRF-Token', guest.token)
            .send({ question: 'Who was Musa?' })
            .expect(200)
        ).body.answer as string;
        refused(await share(other, { question: 'Who was Musa?', answer: forGuest, anonymous: false }));

        const { id } = (await share(asker, { question, answer: given, anonymous: false }).expect(201)).body;
        const items = (await feed()).body.items as { id: string; answer: string }[];
        expect(items.find((i) => i.id === id)).toMatchObject({ answer: given, question });
      });

      it('takes the text exactly as given, but for spaces at the ends', async () => {
        const m = await registerVerifiedMember(rt());
        const question = 'What does the Quran say about fasting?';
        const given = await ask(m, question);
        const wrong = [
          { question: question.toLowerCase(), answer: given },
          { question: `${question}?`, answer: given },
          { question, answer: given.replace(/ /, '  ') },
          { question, answer: given.replace(/\n/, ' ') },
          { question, answer: `${given} (2:183)` },
          { question, answer: given.slice(0, -1) },
        ];
        for (const body of wrong) refused(await share(m, { ...body, anonymous: false }));
        await share(m, { question: `  ${question}\n`, answer: `\n${given}  `, anonymous: false }).expect(201);
      });

      it('shares one given answer once: a second share is 422 until the scholar is asked again', async () => {
        const m = await registerVerifiedMember(rt());
        const question = 'What does the Quran say about gratitude?';
        const given = await ask(m, question);
        const { id } = (await share(m, { question, answer: given, anonymous: false }).expect(201)).body;
        const before = await head();
        // Again, anonymously, or with other spaces at the ends: the same answer, spent.
        refused(await share(m, { question, answer: given, anonymous: false }));
        refused(await share(m, { question, answer: given, anonymous: true }));
        refused(await share(m, { question: ` ${question}`, answer: `${given}\n`, anonymous: false }));
        expect(await head()).toBe(before);
        const items = (await feed()).body.items as { id: string; answer: string }[];
        expect(items.filter((i) => i.answer === given).map((i) => i.id)).toEqual([id]);
        // Asked again, the scholar gives it again: that answer may be shared, once.
        expect(await ask(m, question)).toBe(given);
        await share(m, { question, answer: given, anonymous: true }).expect(201);
        refused(await share(m, { question, answer: given, anonymous: true }));
      });

      it('lets one of many shares of one answer sent at once through', async () => {
        const m = await registerVerifiedMember(rt());
        const question = 'What does the Quran say about honesty?';
        const given = await ask(m, question);
        const answers = await Promise.all(
          Array.from({ length: 8 }, () => share(m, { question, answer: given, anonymous: false })),
        );
        expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422, 422, 422, 422, 422]);
        const items = (await feed()).body.items as { answer: string }[];
        expect(items.filter((i) => i.answer === given)).toHaveLength(1);
      });
    });

    it.each([
      [{ answer: 'a', anonymous: false }, 'Question is required'],
      [{ question: '   ', answer: 'a', anonymous: false }, 'Question is required'],
      [{ question: 'q', answer: '', anonymous: false }, 'Answer is required'],
      [{ question: 'q', answer: 42, anonymous: false }, 'Answer is required'],
      [{ question: 'q'.repeat(501), answer: 'a', anonymous: false }, 'Question must be 500 characters or less'],
      [{ question: 'q', answer: 'a', anonymous: 'yes' }, 'anonymous must be true or false'],
    ])('refuses %j with 400 and stores nothing', async (body, message) => {
      const m = await registerVerifiedMember(rt());
      const res = await share(m, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it('needs a member to share; guests may read the feed', async () => {
      const { agent, token } = await csrfAgent(server());
      expect(
        (
          await agent
            .post('/api/ai-share')
            .set('X-CSRF-Token', token)
            .send({ ...answer, anonymous: false })
        ).status,
      ).toBe(401);
      expect((await request(server()).get('/api/qa/feed').expect(200)).body).toHaveProperty('nextCursor');
      expect((await request(server()).get('/api/qa/feed?cursor=nope')).status).toBe(400);
    });
  },
  IDENTITY_TEST_ENV,
);

describeOnProfiles(
  'the Q&A community feed: an answer may be shared for AI_SHARE_WINDOW_SECONDS',
  (rt) => {
    it('refuses an answer given longer ago than the window, and takes it once asked again', async () => {
      const m = await registerVerifiedMember(rt());
      const question = 'What does the Quran say about mercy?';
      const ask = async () =>
        (await m.agent.post('/api/ai/ask').set('X-CSRF-Token', m.token).send({ question }).expect(200)).body
          .answer as string;
      const share = (answer: string) =>
        m.agent.post('/api/ai-share').set('X-CSRF-Token', m.token).send({ question, answer, anonymous: false });
      const given = await ask();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const late = await share(given);
      expect(late.status).toBe(422);
      expect(late.body.code).toBe('ANSWER_NOT_PRODUCED');
      expect(await ask()).toBe(given);
      await share(given).expect(201);
    });
  },
  { ...IDENTITY_TEST_ENV, AI_SHARE_WINDOW_SECONDS: '1' },
);
