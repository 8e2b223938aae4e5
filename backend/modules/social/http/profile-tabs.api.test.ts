import { IDENTITY_TEST_ENV, type Member } from '@testing/members';
import { createPost, registerVerifiedMember } from '@testing/verified-member';
import sharp from 'sharp';
import request from 'supertest';

import { describeOnProfiles } from '../../../src/testing/profiles';
import { CommentsService } from '../comments.service';
import { FeedQueries } from '../queries/feed.queries';
import { ReactedPostsQueries } from '../queries/reacted-posts.queries';
import { PROFILE_TABS, type ProfileTab } from './profile-tabs.controller';

type Item = { id: string } & Record<string, unknown>;

const png = (r: number) =>
  sharp({ create: { width: 20, height: 20, channels: 3, background: { r, g: 90, b: 40 } } })
    .png()
    .toBuffer();

/**
 * `GET /api/profile/{username}/{tab}` is one route that hands each tab to the query the separate
 * routes called: every page of every tab is compared with that query's own answer for the same
 * viewer, limit and cursor (what the routes answered before), for a guest and for members.
 */
describeOnProfiles(
  'profile tabs (GET /api/profile/{username}/{tab})',
  (rt) => {
    const server = () => rt().http!.getHttpServer();
    let owner: Member;
    let fan: Member;

    /** What each tab answered before the one route: its query, called directly. */
    const before = (
      tab: ProfileTab,
      authorId: string,
      viewerId: string | null,
      limit: number,
      cursor: string | null,
    ) => {
      const app = rt().http!;
      switch (tab) {
        case 'posts':
          return app.get(FeedQueries).profilePosts(authorId, { viewerId, limit, cursor });
        case 'media':
          return app.get(FeedQueries).byAuthor(authorId, { viewerId, limit, cursor }, { hasMedia: true });
        case 'replies':
          return app.get(CommentsService).replies(authorId, limit, cursor);
        case 'likes':
          return app.get(ReactedPostsQueries).reacted('like', authorId, viewerId, limit, cursor);
      }
    };
    const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
    const get = (who: Member | null, path: string) => (who ? who.agent.get(path) : request(server()).get(path));

    /** Walks a tab two at a time; each page must equal the query's page; answers every item seen. */
    async function walk(tab: ProfileTab, who: Member | null) {
      const seen: Item[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 20; page++) {
        const query: string = `limit=2${cursor ? `&cursor=${cursor}` : ''}`;
        const res = await get(who, `/api/profile/${owner.username}/${tab}?${query}`).expect(200);
        expect(res.body).toEqual(json(await before(tab, owner.id, who?.id ?? null, 2, cursor)));
        const items = res.body as Item[];
        seen.push(...items);
        if (items.length < 2) return seen;
        cursor = items.at(-1)!.id;
      }
      throw new Error(`${tab}: more pages than the fixture has items`);
    }

    beforeAll(async () => {
      [owner, fan] = [await registerVerifiedMember(rt()), await registerVerifiedMember(rt())];
      const posts = [];
      for (let i = 0; i < 5; i++) posts.push(await createPost(owner, { content: `Tab post ${i}` }));
      for (let i = 0; i < 2; i++) {
        const res = await owner.agent
          .post('/api/posts')
          .set('X-CSRF-Token', owner.token)
          .field('content', `Tab picture ${i}`)
          .attach('media', await png(40 * i), `p${i}.png`)
          .expect(201);
        posts.push(res.body as Item);
      }
      // A pinned post leads the posts tab's first page (and only that page).
      await owner.agent.post(`/api/posts/${posts[1]!.id}/pin`).set('X-CSRF-Token', owner.token).expect(200);
      const theirs = await createPost(fan, { content: 'Something to reply to' });
      for (let i = 0; i < 3; i++)
        await owner.agent
          .post(`/api/posts/${theirs.id}/comments`)
          .set('X-CSRF-Token', owner.token)
          .send({ content: `Reply ${i}` })
          .expect(201);
      for (const p of [theirs, posts[0]!, posts[3]!])
        await owner.agent.post(`/api/posts/${p.id}/like`).set('X-CSRF-Token', owner.token).expect(200);
      await fan.agent.post(`/api/posts/${posts[2]!.id}/like`).set('X-CSRF-Token', fan.token).expect(200);
      await rt().platform.jobQueue.idle();
    }, 120_000);

    it.each(['posts', 'media', 'replies'] as const)(
      '%s: every page equals what the tab answered before, for a guest, a member and the owner',
      async (tab) => {
        const counts = { posts: 7, media: 2, replies: 3 };
        for (const who of [null, fan, owner]) {
          const items = await walk(tab, who);
          expect(items).toHaveLength(counts[tab]);
          expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
        }
        // The member's own marks are theirs: the fan liked one post, the guest none.
        if (tab === 'posts') {
          const liked = (items: Item[]) => items.filter((i) => i.isLiked).length;
          expect(liked(await walk(tab, fan))).toBe(1);
          expect(liked(await walk(tab, null))).toBe(0);
        }
      },
      60_000,
    );

    it('likes: the owner pages through them; anyone else is told they are private, before paging is read', async () => {
      expect(await walk('likes', owner)).toHaveLength(3);
      for (const who of [fan, null]) {
        const res = await get(who, `/api/profile/${owner.username}/likes?limit=nope`);
        expect([res.status, res.body.code, res.body.message]).toEqual([403, 'LIKES_PRIVATE', 'Likes are private']);
      }
    });

    it('an unknown tab is a 404 that names the tabs; followers and following are still their own lists', async () => {
      for (const path of [`/api/profile/${owner.username}/bookmarks`, '/api/profile/nobody_here/Posts']) {
        const res = await request(server()).get(path).expect(404);
        expect(res.body).toMatchObject({
          code: 'TAB_NOT_FOUND',
          message: `Unknown profile tab: use one of ${PROFILE_TABS.join(', ')}`,
        });
      }
      for (const list of ['followers', 'following']) {
        const res = await request(server()).get(`/api/profile/${owner.username}/${list}`).expect(200);
        expect(res.body).toMatchObject({ users: expect.any(Array), nextCursor: null });
      }
      const gone = await request(server()).get('/api/profile/nobody_here/posts').expect(404);
      expect(gone.body).toMatchObject({ code: 'USER_NOT_FOUND', message: 'User not found' });
      const bad = await request(server()).get(`/api/profile/${owner.username}/media?limit=0`).expect(400);
      expect(bad.body.message).toBe('limit must be a positive whole number');
      await request(server()).get(`/api/profile/${owner.username}/replies?cursor=not-an-id`).expect(400);
    });

    it('a block either way hides every tab, as it did each route', async () => {
      const [blocker, blocked] = [await registerVerifiedMember(rt()), await registerVerifiedMember(rt())];
      await createPost(blocker, { content: 'Not for you' });
      await blocker.agent.post(`/api/users/${blocked.id}/block`).set('X-CSRF-Token', blocker.token).expect(200);
      for (const tab of PROFILE_TABS) {
        const res = await blocked.agent.get(`/api/profile/${blocker.username}/${tab}`).expect(404);
        expect(res.body).toMatchObject({ code: 'USER_NOT_FOUND' });
        await blocker.agent.get(`/api/profile/${blocked.username}/${tab}`).expect(404);
      }
      // Anyone else still sees the blocker's posts.
      expect((await request(server()).get(`/api/profile/${blocker.username}/posts`).expect(200)).body).toHaveLength(1);
      expect((await fan.agent.get(`/api/profile/${blocker.username}/posts`).expect(200)).body).toHaveLength(1);
    });
  },
  IDENTITY_TEST_ENV,
);
