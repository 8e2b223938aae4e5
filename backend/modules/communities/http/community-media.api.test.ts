import { IDENTITY_TEST_ENV, type Member } from '@testing/members';
import { registerVerifiedMember } from '@testing/verified-member';
import sharp from 'sharp';
import request from 'supertest';

import type { Runtime } from '../../../src/runtime';
import { describeOnProfiles } from '../../../src/testing/profiles';
import { memberWithRole } from '../../moderation/testing/staff';

const png = (r: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r, g: 90, b: 60 } } })
    .png()
    .toBuffer();

const idOf = (url: string) => /^\/media\/([0-9a-f-]{36})(\/|$)/.exec(url)![1]!;

/** Until the media projection holds the item processed and, for a private circle's, guarded. */
async function settled(rt: Runtime, mediaId: string, guarded: boolean) {
  await rt.platform.jobQueue.idle();
  for (let i = 0; i < 200; i++) {
    const doc = await rt.readModels.collection('media').get(mediaId);
    if (doc && doc.status === 'ready' && !!doc.communities === guarded) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`media ${mediaId} never settled`);
}

/**
 * A private community's files are its readers' (issue 41): the pictures of its posts and of the
 * comments on them are served to its members, their uploader and the app's moderators only; to
 * anyone else, a guest or a member who left included, they answer as an unknown id does.
 */
describeOnProfiles(
  "a private community's files",
  (rt) => {
    const server = () => request(rt().http!.getHttpServer());
    const send = (m: Member, path: string, body?: object) =>
      m.agent.post(`/api/communities${path}`).set('X-CSRF-Token', m.token).send(body);
    const create = async (owner: Member, privacy: 'public' | 'private') =>
      (
        await send(owner, '', {
          name: `Sisters circle ${Math.random().toString(36).slice(2, 8)}`,
          description: 'Tafsir on Saturdays',
          rules: [],
          category: 'sisters',
          city: 'Mombasa',
          privacy,
        }).expect(201)
      ).body.community as { id: string; slug: string };
    const postPicture = async (m: Member, communityId: string) => {
      const res = await m.agent
        .post('/api/posts')
        .set('X-CSRF-Token', m.token)
        .field('content', 'From our gathering')
        .field('communityId', communityId)
        .attach('media', await png(30), 'gathering.png')
        .expect(201);
      return { postId: String(res.body.id), mediaId: idOf(String(res.body.imageUrl)) };
    };
    const status = async (m: Member | null, mediaId: string) => {
      const res = await (m ? m.agent : server()).get(`/media/${mediaId}`);
      return res.status === 200 ? `200 ${String(res.headers['cache-control'])}` : String(res.status);
    };

    it('serves a private circle post and comment pictures to its readers only, until they leave', async () => {
      const [owner, member, outsider] = await Promise.all([
        registerVerifiedMember(rt()),
        registerVerifiedMember(rt()),
        registerVerifiedMember(rt()),
      ]);
      const moderator = await memberWithRole(rt(), 'moderator');
      const circle = await create(owner, 'private');
      await send(owner, `/${circle.slug}/invites`, { username: member.username }).expect(201);
      await send(member, `/${circle.slug}/join`).expect(201);
      const { postId, mediaId } = await postPicture(member, circle.id);
      const comment = await owner.agent
        .post(`/api/posts/${postId}/comments`)
        .set('X-CSRF-Token', owner.token)
        .field('content', 'Ma sha Allah')
        .attach('media', await png(80), 'reply.png')
        .expect(201);
      const commentMedia = idOf(String(comment.body.imageUrl ?? comment.body.comment?.imageUrl));
      await settled(rt(), mediaId, true);
      await settled(rt(), commentMedia, true);

      for (const id of [mediaId, commentMedia]) {
        for (const reader of [owner, member, moderator]) expect(await status(reader, id)).toBe('200 private, no-store');
        expect(await status(outsider, id)).toBe('404');
        expect(await status(null, id)).toBe('404');
      }
      // The uploader keeps their own file; one who left the circle no longer reads the others'.
      await send(member, `/${circle.slug}/leave`).expect(200);
      expect(await status(member, mediaId)).toBe('200 private, no-store');
      expect(await status(member, commentMedia)).toBe('404');
    });

    it("leaves a public community's pictures public", async () => {
      const owner = await registerVerifiedMember(rt());
      const open = await create(owner, 'public');
      const { mediaId } = await postPicture(owner, open.id);
      await settled(rt(), mediaId, false);
      expect(await status(null, mediaId)).toMatch(/^200 public/);
    });
  },
  IDENTITY_TEST_ENV,
);
