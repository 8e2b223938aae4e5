import { randomBytes } from 'node:crypto';

import type { PeopleSearchView, SearchResult, UserSearchResult } from '@contract';
import { SEARCH_PROJECTOR } from '@projections/search';
import { promoted } from '@testing/cast';
import { caughtUp } from '@testing/caught-up';
import { IDENTITY_TEST_ENV, type Member, newDetails, registerMember } from '@testing/members';
import request from 'supertest';

import { describeOnProfiles } from '../../../src/testing/profiles';

/** A word no other test writes: letters only, so no stemmer or tokeniser splits it. */
const word = () => `zq${[...randomBytes(5)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;

describeOnProfiles(
  'people as the member types',
  (rt) => {
    const server = () => rt().http!.getHttpServer();
    const named = (displayName: string) => registerMember(rt(), { ...newDetails(), displayName });
    const people = async (text: string, who?: Member, limit?: number): Promise<UserSearchResult[]> => {
      await caughtUp(rt(), [SEARCH_PROJECTOR, 'profiles']);
      const res = await (who ? who.agent : request(server()))
        .get('/api/search/people')
        .query({ q: text, ...(limit ? { limit } : {}) })
        .expect(200);
      return (res.body as PeopleSearchView).users;
    };
    const ids = async (text: string, who?: Member) => (await people(text, who)).map((p) => p.id);
    const follow = (m: Member, target: Member) =>
      m.agent.post(`/api/users/${target.id}/follow`).set('X-CSRF-Token', m.token).expect(200);

    it('finds members whose name or username starts with the text, whole names first, never by their bio', async () => {
      const w = word();
      const yusuf = await named(`${w}ra Yusuf`);
      const bilal = await named(`Bilal ${w}ra`);
      const short = await named(`${w}rb`);
      const byBio = await registerMember(rt());
      await byBio.agent.post('/api/profile/update').set('X-CSRF-Token', byBio.token).field('bio', `${w}ra`).expect(200);

      const typed = await people(`${w}r`);
      expect(new Set(typed.slice(0, 2).map((p) => p.id))).toEqual(new Set([yusuf.id, short.id]));
      expect(typed.map((p) => p.id)).toEqual([...typed.slice(0, 2).map((p) => p.id), bilal.id]);
      expect(typed.find((p) => p.id === yusuf.id)).toEqual({
        type: 'user',
        id: yusuf.id,
        name: `${w}ra Yusuf`,
        username: yusuf.username,
        bio: null,
        avatar: null,
        isFollowing: false,
        isFollowingBack: false,
      });
      // An exact name first; two words narrow it; a username with @ and in capitals too.
      expect((await ids(`${w}rb`))[0]).toBe(short.id);
      expect(await ids(`${w}ra y`)).toEqual([yusuf.id]);
      expect(await ids(`@${yusuf.username.toUpperCase()}`)).toEqual([yusuf.id]);
      // The bio matched the full search, not the typeahead.
      const full = await request(server())
        .get('/api/search/results')
        .query({ q: `${w}ra` })
        .expect(200);
      expect((full.body as SearchResult[]).map((r) => r.id)).toContain(byBio.id);
      expect(await ids(`${w}ra`)).not.toContain(byBio.id);
    });

    it('folds Arabic while typing: diacritics and letter forms meet', async () => {
      const w = word();
      const amina = await named(`${w} أُمَيْنَة`);
      expect(await ids(`${w} امي`)).toEqual([amina.id]);
      expect(await ids(`${w} أمينه`)).toEqual([amina.id]);
      expect(await ids(`${w} آمـي`)).toEqual([amina.id]);
    });

    it('tells a member whom they follow and who follows them, those they follow first; guests see no follows', async () => {
      const w = word();
      const [me, first, second] = [await registerMember(rt()), await named(`${w} One`), await named(`${w} Two`)];
      await follow(me, second);
      await follow(first, me);
      const mine = await people(w, me);
      expect(mine.map((p) => [p.id, p.isFollowing, p.isFollowingBack])).toEqual([
        [second.id, true, false],
        [first.id, false, true],
      ]);
      const asGuest = await people(w);
      expect(asGuest.every((p) => !p.isFollowing && !p.isFollowingBack)).toBe(true);
      expect(asGuest).toHaveLength(2);
      // The full search's people carry the same flags.
      const full = await me.agent.get('/api/search/results').query({ q: w }).expect(200);
      expect(full.body as SearchResult[]).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ type: 'user', id: second.id, isFollowing: true, isFollowingBack: false }),
          expect.objectContaining({ type: 'user', id: first.id, isFollowing: false, isFollowingBack: true }),
        ]),
      );
    });

    it('never shows members who block each other', async () => {
      const w = word();
      const [me, blocker, blocked, other] = [
        await registerMember(rt()),
        await named(`${w} Blocker`),
        await named(`${w} Blocked`),
        await named(`${w} Other`),
      ];
      await blocker.agent.post(`/api/users/${me.id}/block`).set('X-CSRF-Token', blocker.token).expect(200);
      await me.agent.post(`/api/users/${blocked.id}/block`).set('X-CSRF-Token', me.token).expect(200);
      expect(await ids(w, me)).toEqual([other.id]);
      expect(await ids(w)).toHaveLength(3);
    });

    it('shows no member while a moderator suspends them, as they type and in full results; but to the moderators', async () => {
      const w = word();
      const [me, suspended, other] = [
        await registerMember(rt()),
        await named(`${w} Suspended`),
        await named(`${w} Other`),
      ];
      const moderator = await promoted(rt(), await registerMember(rt()), 'moderator');
      const act = (action: string, body: Record<string, unknown>) =>
        moderator.agent
          .post(`/api/admin/users/${suspended.id}/${action}`)
          .set('X-CSRF-Token', moderator.token)
          .send(body)
          .expect(200);
      const results = async (viewer = me) =>
        ((await viewer.agent.get('/api/search/results').query({ q: w }).expect(200)).body as SearchResult[])
          .filter((r): r is UserSearchResult => r.type === 'user')
          .map((r) => r.id)
          .sort();
      const both = [suspended.id, other.id].sort();
      expect(await results()).toEqual(both);
      await act('suspend', { reason: 'Spam', until: new Date(Date.now() + 3_600_000).toISOString() });
      expect(await ids(w, me)).toEqual([other.id]);
      expect(await ids(w)).toEqual([other.id]);
      expect(await results()).toEqual([other.id]);
      // The app's moderators find them, to read their history or lift the suspension.
      expect((await ids(w, moderator)).sort()).toEqual(both);
      expect(await results(moderator)).toEqual(both);
      // Lifted: found again, nothing lost from the index.
      await act('unsuspend', { reason: 'Appeal granted' });
      expect((await ids(w, me)).sort()).toEqual(both);
      expect(await results()).toEqual(both);
    });

    it('answers no one to blank text, honours limit, and refuses bad input with a clear 400', async () => {
      const w = word();
      for (let i = 0; i < 3; i++) await named(`${w} ${i}`);
      expect(await people(w, undefined, 2)).toHaveLength(2);
      expect(await people(w)).toHaveLength(3);
      for (const blank of ['', '   ', '@', '!!']) expect(await people(blank)).toEqual([]);
      const none = await request(server()).get('/api/search/people').expect(200);
      expect(none.body).toEqual({ users: [] });
      for (const limit of ['0', '21', 'x']) {
        const res = await request(server()).get('/api/search/people').query({ q: w, limit }).expect(400);
        expect(res.body).toEqual({
          error: 'Bad Request',
          message: 'limit must be a whole number from 1 to 20',
          code: 'VALIDATION_FAILED',
        });
      }
      const long = await request(server())
        .get('/api/search/people')
        .query({ q: 'a'.repeat(201) })
        .expect(400);
      expect(long.body.message).toBe('Search text must be 200 characters or less');
    });
  },
  IDENTITY_TEST_ENV,
);
