import { IDENTITY_TEST_ENV } from '@testing/members';
import { createPost, registerVerifiedMember } from '@testing/verified-member';

import { describeOnProfiles } from '../../../src/testing/profiles';
import { createCommunity as create, sendToCommunities as send } from '../testing/community-client';

/** A community's feed and the home feed it joins, paged as members page them (issue 41). */
describeOnProfiles(
  "a community's feed",
  (rt) => {
    it("pages the community's feed like the home feed: full pages, no gap or duplicate, a muted author left out", async () => {
      const [owner, member, muted, friend] = await Promise.all([
        registerVerifiedMember(rt()),
        registerVerifiedMember(rt()),
        registerVerifiedMember(rt()),
        registerVerifiedMember(rt()),
      ]);
      const c = await create(owner);
      for (const m of [member, muted]) await send(m, 'post', `/${c.slug}/join`).expect(201);
      await member.agent.post(`/api/users/${friend.id}/follow`).set('X-CSRF-Token', member.token).expect(200);
      // The home feed merges the circle's posts with the people followed (a friend outside the circle).
      const shown: string[] = [];
      const home: string[] = [];
      for (let i = 0; i < 12; i++) {
        const author = i % 2 ? owner : member;
        const lesson = (await createPost(author, { content: `Lesson ${i}`, communityId: c.id })).id;
        shown.unshift(lesson);
        home.unshift(lesson);
        await createPost(muted, { content: `Noise ${i}`, communityId: c.id });
        if (i % 3 === 0) home.unshift((await createPost(friend, { content: `Outside ${i}` })).id);
      }
      await member.agent.post(`/api/users/${muted.id}/mute`).set('X-CSRF-Token', member.token).expect(200);
      const seen: string[] = [];
      let cursor = '';
      for (;;) {
        const res = await member.agent.get(
          `/api/communities/${c.slug}/posts?limit=5${cursor ? `&cursor=${cursor}` : ''}`,
        );
        const page = res.body as { posts: { id: string }[]; nextCursor: string | null };
        seen.push(...page.posts.map((p) => p.id));
        if (!page.nextCursor) break;
        expect(page.posts).toHaveLength(5);
        cursor = page.nextCursor;
      }
      expect(seen).toEqual(shown);
      const seenAtHome: string[] = [];
      for (let after = ''; ; ) {
        const res = await member.agent.get(`/api/feed?filter=following&limit=5${after ? `&cursor=${after}` : ''}`);
        const page = res.body as { id: string }[];
        seenAtHome.push(...page.map((p) => p.id));
        if (page.length < 5) break;
        after = page[4]!.id;
      }
      expect(seenAtHome).toEqual(home);
    });
  },
  IDENTITY_TEST_ENV,
);
