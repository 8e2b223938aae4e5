import { randomBytes } from 'node:crypto';

import type { SearchResult } from '@contract';
import { SEARCH_PROJECTOR } from '@projections/search';
import { caughtUp } from '@testing/caught-up';
import type { Member } from '@testing/members';
import { IDENTITY_TEST_ENV, newDetails, registerMember } from '@testing/members';
import { createPost, registerVerifiedMember } from '@testing/verified-member';
import request from 'supertest';

import { describeOnProfiles } from '../../../src/testing/profiles';
import { SEARCH_LIMITS } from '../limits';

/** A word no other test writes: letters only, so no stemmer or tokeniser splits it. */
const word = () => `zq${[...randomBytes(5)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;

describeOnProfiles(
  'search results',
  (rt) => {
    const server = () => rt().http!.getHttpServer();
    // Posts and profile changes answer before the search index shows them (readsNext): a search
    // waits for it, as a member searching a moment later would find it.
    const search = async (query: string, who?: Member): Promise<SearchResult[]> => {
      await caughtUp(rt(), [SEARCH_PROJECTOR]);
      const res = await (who ? who.agent : request(server())).get(`/api/search/results?${query}`).expect(200);
      return res.body as SearchResult[];
    };
    const q = (text: string) => `q=${encodeURIComponent(text)}`;

    it('finds members, posts and shared answers for guests, with the spec’s fields', async () => {
      const w = word();
      const m = await registerVerifiedMember(rt());
      await m.agent.post('/api/profile/update').set('X-CSRF-Token', m.token).field('bio', `I teach ${w}`).expect(200);
      const post = await createPost(m, { content: `Reading about ${w} today` });
      // Only an answer the scholar gave this member may be shared: ask first.
      const given = (
        await m.agent
          .post('/api/ai/ask')
          .set('X-CSRF-Token', m.token)
          .send({ question: `What is ${w}?` })
          .expect(200)
      ).body.answer as string;
      const shared = await m.agent
        .post('/api/ai-share')
        .set('X-CSRF-Token', m.token)
        .send({ question: `What is ${w}?`, answer: given, anonymous: true })
        .expect(201);
      const results = await search(q(w));
      expect(results).toEqual(
        expect.arrayContaining([
          {
            type: 'user',
            id: m.id,
            name: m.displayName,
            username: m.username,
            bio: `I teach ${w}`,
            avatar: null,
            isFollowing: false,
            isFollowingBack: false,
          },
          {
            type: 'post',
            id: post.id,
            content: `Reading about ${w} today`,
            likes: 0,
            commentsCount: 0,
            createdAt: expect.any(String),
            user: { name: m.displayName, username: m.username, profileImage: null },
          },
          expect.objectContaining({
            type: 'ai_answer',
            id: shared.body.id,
            question: `What is ${w}?`,
            answer: given,
            isAnonymous: true,
            user: null,
          }),
        ]),
      );
      expect(results).toHaveLength(3);
    });

    it('ranks an exact username or name match first, then relevance with recency', async () => {
      const w = word();
      const exact = await registerVerifiedMember(rt());
      const author = await registerVerifiedMember(rt());
      await createPost(author, { content: `${exact.username} ${exact.username} wrote about this` });
      // Equal relevance: the newer post comes first.
      await createPost(author, { content: `${w} once` });
      const newer = await createPost(author, { content: `${w} twice` });
      const byName = await search(q(exact.username));
      expect(byName[0]).toMatchObject({ type: 'user', id: exact.id });
      const byWord = await search(q(w));
      expect(byWord.map((r) => r.id)[0]).toBe(newer.id);
      expect((await search(q(`@${exact.username}`)))[0]).toMatchObject({ type: 'user', id: exact.id });
    });

    it('finds an exact name first even when more members than the text candidates match better', async () => {
      const w = word();
      // Registered first, so on equal relevance they also come first; each mentions the word twice.
      for (let i = 0; i < SEARCH_LIMITS.candidates.user; i++)
        await registerMember(rt(), { ...newDetails(), displayName: `${w} ${w}` });
      const exact = await registerMember(rt(), { ...newDetails(), displayName: w });
      const results = await search(q(w));
      expect(results[0]).toMatchObject({ type: 'user', id: exact.id, name: w });
      expect(results.filter((r) => r.type === 'user')).toHaveLength(SEARCH_LIMITS.candidates.user + 1);
    }, 120_000);

    it('folds Arabic: diacritics, tatweel and letter forms meet', async () => {
      const m = await registerVerifiedMember(rt());
      const w = word();
      const post = await createPost(m, { content: `${w} الصَّبْرُ مِفْتَاحُ الفَرَجِ` });
      const ids = async (text: string) => (await search(q(`${w} ${text}`))).map((r) => r.id);
      expect(await ids('الصبر')).toContain(post.id);
      expect(await ids('الصـــبر')).toContain(post.id);
      expect(await ids('مفتاح')).toContain(post.id);
      const letters = await createPost(m, { content: `${w} إيمان أمانة هُدى` });
      expect(await ids('ايمان')).toContain(letters.id);
      expect(await ids('امانه')).toContain(letters.id);
      expect(await ids('هدي')).toContain(letters.id);
    });

    it('stems English: fasting, fasts and fasted meet', async () => {
      const m = await registerVerifiedMember(rt());
      const w = word();
      const post = await createPost(m, { content: `${w} We were fasting in Ramadan` });
      for (const form of ['fasts', 'fasted', 'FAST']) {
        expect((await search(q(`${w} ${form}`))).map((r) => r.id)).toContain(post.id);
      }
      expect(await search(q(`${w} feasting`))).toEqual([]);
    });

    it('finds posts by hashtag, as #tag or ?hashtag=, newest first', async () => {
      const m = await registerVerifiedMember(rt());
      const tag = word();
      const first = await createPost(m, { content: `Day one #${tag}` });
      const second = await createPost(m, { content: `Day two #${tag.toUpperCase()}` });
      await createPost(m, { content: `${tag} without the hash` });
      for (const query of [q(`#${tag}`), `hashtag=${tag}`, `hashtag=%23${tag}`]) {
        expect((await search(query)).map((r) => r.id)).toEqual([second.id, first.id]);
      }
      await m.agent.patch(`/api/posts/${first.id}/edit`).set('X-CSRF-Token', m.token).send({ content: 'edited' });
      expect((await search(`hashtag=${tag}`)).map((r) => r.id)).toEqual([second.id]);
    });

    it('never shows members who block each other, nor deleted or hidden posts', async () => {
      const w = word();
      const [a, b] = [await registerVerifiedMember(rt()), await registerVerifiedMember(rt())];
      await a.agent.post('/api/profile/update').set('X-CSRF-Token', a.token).field('bio', w).expect(200);
      const postA = await createPost(a, { content: `${w} by a` });
      const gone = await createPost(a, { content: `${w} deleted` });
      await a.agent.delete(`/api/posts/${gone.id}`).set('X-CSRF-Token', a.token).expect(200);
      // An unverified author's post is hidden from everyone but their own profile.
      const unverified = await registerMember(rt());
      await unverified.agent
        .post('/api/posts')
        .set('X-CSRF-Token', unverified.token)
        .send({ content: `${w} limited` });
      const seenByGuest = (await search(q(w))).map((r) => r.id);
      expect(seenByGuest).toEqual(expect.arrayContaining([a.id, postA.id]));
      expect(seenByGuest).not.toContain(gone.id);
      expect(seenByGuest).toHaveLength(2);
      await b.agent.post(`/api/users/${a.id}/block`).set('X-CSRF-Token', b.token).expect(200);
      expect(await search(q(w), b)).toEqual([]);
      // The other way round too: the blocked member no longer finds the one who blocked them.
      const w2 = word();
      await b.agent.post('/api/profile/update').set('X-CSRF-Token', b.token).field('bio', w2).expect(200);
      expect(await search(q(w2))).toEqual([expect.objectContaining({ id: b.id })]);
      expect(await search(q(w2), a)).toEqual([]);
    });

    it('asked again, the same text shows what changed since: new and deleted posts, a block', async () => {
      // Answers of the text index are kept in memory until the index changes: none may be stale.
      const w = word();
      const [a, b] = [await registerVerifiedMember(rt()), await registerVerifiedMember(rt())];
      const ids = async (who?: Member) => (await search(q(w), who)).map((r) => r.id);
      const first = await createPost(a, { content: `${w} first` });
      expect(await ids()).toEqual([first.id]);
      expect(await ids(b)).toEqual([first.id]);
      const second = await createPost(a, { content: `${w} second` });
      expect(await ids()).toEqual([second.id, first.id]);
      await a.agent.patch(`/api/posts/${first.id}/edit`).set('X-CSRF-Token', a.token).send({ content: 'edited' });
      expect(await ids()).toEqual([second.id]);
      await a.agent.delete(`/api/posts/${second.id}`).set('X-CSRF-Token', a.token).expect(200);
      expect(await ids()).toEqual([]);
      const third = await createPost(a, { content: `${w} third` });
      expect(await ids(b)).toEqual([third.id]);
      await b.agent.post(`/api/users/${a.id}/block`).set('X-CSRF-Token', b.token).expect(200);
      expect(await ids(b)).toEqual([]);
      expect(await ids()).toEqual([third.id]);
    });

    it('answers [] to blank text and 400 to text over 200 characters or a bad limit', async () => {
      expect(await search('q=')).toEqual([]);
      expect(await search(q('   '))).toEqual([]);
      expect(await search('')).toEqual([]);
      const long = await request(server()).get(`/api/search/results?${q('a'.repeat(201))}`);
      expect(long.status).toBe(400);
      expect(long.body.message).toBe('Search text must be 200 characters or less');
      // A repeated name keeps its first value (the platform's query-string rule), never a 5xx.
      expect((await request(server()).get('/api/search/results?q=a&q=b')).status).toBe(200);
      expect((await request(server()).get('/api/search/results?q=a&limit=0')).status).toBe(400);
      expect((await request(server()).get('/api/search/results?q=a&limit=51')).status).toBe(400);
      expect(await search(q('a'.repeat(200)))).toEqual([]);
    });

    it('returns at most 50 results, fewer when asked', async () => {
      const w = word();
      // Two authors: one member may post 30 in 10 minutes (README "Rate limits").
      const authors = [await registerVerifiedMember(rt()), await registerVerifiedMember(rt())];
      for (let i = 0; i < 55; i++) await createPost(authors[i % 2]!, { content: `${w} number ${i}` });
      expect(await search(q(w))).toHaveLength(50);
      expect(await search(`${q(w)}&limit=5`)).toHaveLength(5);
    }, 120_000);
  },
  IDENTITY_TEST_ENV,
);
