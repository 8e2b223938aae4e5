import { randomBytes } from 'node:crypto';

import type { SuggestedMemberView, SuggestionsView } from '@contract';
import { csrfAgent } from '@platform/http/testing/csrf-agent';
import { promoted } from '@testing/cast';
import { caughtUp } from '@testing/caught-up';
import { IDENTITY_TEST_ENV, type Member, PASSWORD, registerMember } from '@testing/members';

import { describeOnProfiles } from '../../../src/testing/profiles';
import { approvedTeacher, createCourse, moderator } from '../../learning/testing/courses';
import { SUGGESTION_LIMITS } from '../limits';

/** N of T, so that `const [a, b] = await members(2)` names members rather than maybe-members. */
type Tuple<N extends number, T, R extends T[] = []> = R['length'] extends N ? R : Tuple<N, T, [...R, T]>;

/** Letters only, unlike any other test's: a city nobody else lives in. */
const word = () => `Zq${[...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;

describeOnProfiles(
  'people you may know',
  (rt) => {
    const server = () => rt().http!.getHttpServer();
    const act = (m: Member, method: 'post' | 'delete', target: Member, what: 'follow' | 'block' | 'mute') =>
      m.agent[method](`/api/users/${target.id}/${what}`).set('X-CSRF-Token', m.token).expect(200);
    const follow = (m: Member, ...targets: Member[]) => Promise.all(targets.map((t) => act(m, 'post', t, 'follow')));
    /** Others' follows answer before the viewer's read models show them: a member reading a moment later sees them. */
    const suggestions = async (viewer: Member, limit?: number): Promise<SuggestedMemberView[]> => {
      await caughtUp(rt(), ['profiles', 'identity']);
      const res = await viewer.agent
        .get('/api/users/suggestions')
        .query(limit ? { limit } : {})
        .expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      return (res.body as SuggestionsView).users;
    };
    const members = <N extends number>(n: N) =>
      Promise.all(Array.from({ length: n }, () => registerMember(rt()))) as Promise<Tuple<N, Member>>;

    it('ranks people followed by the people I follow by how many of them follow each, then by followers', async () => {
      const [me, a, b, c, x, y, p, q, fan1, fan2] = await members(10);
      // I followed a, then b, then c: c is my newest follow, so named first.
      for (const m of [a, b, c]) await follow(me, m);
      await follow(a, x, y, p, q);
      await follow(b, x, y);
      await follow(c, x);
      // p and q are each followed by one of mine; q has more followers.
      await follow(fan1, q);
      await follow(fan2, q);

      const found = await suggestions(me, 4);
      expect(found.map((s) => s.id)).toEqual([x.id, y.id, q.id, p.id]);
      const name = (m: Member) => ({ id: m.id, username: m.username, displayName: m.displayName });
      expect(found[0]).toEqual({
        id: x.id,
        username: x.username,
        displayName: x.displayName,
        avatarUrl: null,
        bio: null,
        verified: false,
        followers: 3,
        isFollowing: false,
        isFollowingBack: false,
        reason: { kind: 'followedBy', names: [name(c), name(b)], othersCount: 1 },
      });
      expect(found[1]!.reason).toEqual({ kind: 'followedBy', names: [name(b), name(a)], othersCount: 0 });
      expect(found[2]).toMatchObject({ followers: 3, reason: { names: [name(a)], othersCount: 0 } });

      // Following one takes them out of my next answer at once (read-your-writes).
      await follow(me, x);
      const next = await me.agent.get('/api/users/suggestions').query({ limit: 3 }).expect(200);
      expect((next.body as SuggestionsView).users.map((s) => s.id)).toEqual([y.id, q.id, p.id]);
    });

    it('never suggests me, whom I follow, anyone blocked either way, muted, suspended or deleted', async () => {
      const [me, friend, followed, iBlocked, blocksMe, muted, suspended, deleted, kept] = await members(9);
      await follow(me, friend, followed);
      await follow(friend, me, followed, iBlocked, blocksMe, muted, suspended, deleted, kept);
      await act(me, 'post', iBlocked, 'block');
      await act(blocksMe, 'post', me, 'block');
      await act(me, 'post', muted, 'mute');
      const moderator = await promoted(rt(), await registerMember(rt()), 'moderator');
      await moderator.agent
        .post(`/api/admin/users/${suspended.id}/suspend`)
        .set('X-CSRF-Token', moderator.token)
        .send({ reason: 'Spam', until: new Date(Date.now() + 3_600_000).toISOString() })
        .expect(200);
      await deleted.agent
        .delete('/api/account')
        .set('X-CSRF-Token', deleted.token)
        .send({ password: PASSWORD })
        .expect(200);

      const found = await suggestions(me, SUGGESTION_LIMITS.max);
      expect(found[0]).toMatchObject({ id: kept.id, reason: { kind: 'followedBy', othersCount: 0 } });
      const ids = found.map((s) => s.id);
      // The most followed members fill the rest: none of them is one of these either.
      for (const never of [me, friend, followed, iBlocked, blocksMe, muted, suspended, deleted])
        expect(ids).not.toContain(never.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(found.length).toBeLessThanOrEqual(SUGGESTION_LIMITS.max);

      // And someone who blocks me is not suggested to me, nor am I to them.
      const theirs = (await suggestions(blocksMe, SUGGESTION_LIMITS.max)).map((s) => s.id);
      expect(theirs).not.toContain(me.id);
      expect(theirs).not.toContain(blocksMe.id);
    });

    it('suggests the most followed members of my city first when I follow nobody, then the most followed of all', async () => {
      const city = word();
      const [me, star, local, quiet, elsewhere, fan1, fan2] = await members(7);
      const live = (m: Member, location: string) =>
        m.agent.post('/api/profile/update').set('X-CSRF-Token', m.token).field('location', location).expect(200);
      await live(me, `${city.toUpperCase()}, Kenya`);
      await live(star, city);
      await live(local, ` ${city.toLowerCase()} `);
      await live(quiet, `${city}, Kenya`);
      await live(elsewhere, `${word()}`);
      await follow(fan1, star, local, elsewhere);
      await follow(fan2, star, elsewhere);
      // They follow me: their buttons read Follow Back.
      await follow(local, me);

      const found = await suggestions(me, SUGGESTION_LIMITS.max);
      expect(found.slice(0, 3).map((s) => s.id)).toEqual([star.id, local.id, quiet.id]);
      expect(found[0]).toMatchObject({ followers: 2, isFollowingBack: false, reason: { kind: 'sameCity', city } });
      expect(found[1]).toMatchObject({ followers: 1, isFollowingBack: true, reason: { kind: 'sameCity' } });
      expect(found[2]!.reason).toEqual({ kind: 'sameCity', city });
      // Then everyone, most followed first, with why.
      const rest = found.slice(3);
      expect(rest.every((s) => s.reason.kind === 'popular' || s.reason.kind === 'new')).toBe(true);
      const followers = rest.map((s) => s.followers);
      expect(followers).toEqual([...followers].sort((x, y) => y - x));
      for (const s of rest)
        expect(s.reason).toEqual(s.followers > 0 ? { kind: 'popular', followers: s.followers } : { kind: 'new' });
      expect(found.map((s) => s.id)).not.toContain(me.id);
    });

    it('suggests up to three of the most followed teachers with courses in the catalogue before the rest', async () => {
      const mod = await moderator(rt());
      const [me, fan] = await members(2);
      const [busy, one, withdrawn] = await Promise.all([1, 2, 3].map(() => approvedTeacher(rt(), mod)));
      await createCourse(busy!);
      await createCourse(busy!);
      await createCourse(one!);
      const gone = await createCourse(withdrawn!);
      await withdrawn!.agent.post(`/api/courses/${gone}/unpublish`).set('X-CSRF-Token', withdrawn!.token).expect(200);
      await follow(fan, one!);

      // I follow nobody: the teachers come first, the most followed first, with how many courses.
      const found = await suggestions(me, SUGGESTION_LIMITS.max);
      expect(found.slice(0, 2).map((s) => [s.id, s.reason])).toEqual([
        [one!.id, { kind: 'teacher', courses: 1 }],
        [busy!.id, { kind: 'teacher', courses: 2 }],
      ]);
      // A teacher whose every course was withdrawn is suggested, if at all, as anyone else.
      expect(found.filter((s) => s.reason.kind === 'teacher')).toHaveLength(2);
      // Followed, a teacher is not suggested again.
      await follow(me, one!);
      expect((await suggestions(me, SUGGESTION_LIMITS.max)).map((s) => s.id)).not.toContain(one!.id);
    });

    it('answers the default number, honours limit, and refuses a bad limit with a clear 400', async () => {
      const me = await registerMember(rt());
      await members(SUGGESTION_LIMITS.default + 1);
      expect(await suggestions(me)).toHaveLength(SUGGESTION_LIMITS.default);
      expect(await suggestions(me, 1)).toHaveLength(1);
      for (const limit of ['0', '21', 'ten', '1.5', '-3', '1e1']) {
        const res = await me.agent.get('/api/users/suggestions').query({ limit }).expect(400);
        expect(res.body).toEqual({
          error: 'Bad Request',
          message: 'limit must be a whole number from 1 to 20',
          code: 'VALIDATION_FAILED',
          fields: { limit: 'limit must be a whole number from 1 to 20' },
        });
      }
      // One value per name (the first), as for every query parameter.
      const repeated = await me.agent.get('/api/users/suggestions?limit=2&limit=30').expect(200);
      expect((repeated.body as SuggestionsView).users).toHaveLength(2);
    });

    it('answers 401 to a guest', async () => {
      const { agent } = await csrfAgent(server());
      const res = await agent.get('/api/users/suggestions').expect(401);
      expect(res.body).toEqual({ error: 'Unauthorized', message: 'Not authenticated', code: 'UNAUTHORIZED' });
    });
  },
  IDENTITY_TEST_ENV,
);
