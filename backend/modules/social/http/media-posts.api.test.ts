import request from 'supertest';
import sharp from 'sharp';
import { describeOnProfiles } from '../../../src/testing/profiles';
import type { Runtime } from '../../../src/runtime';
import { IDENTITY_TEST_ENV, registerMember, type Member } from '../../identity/testing/members';
import { registerVerifiedMember } from '../testing/verified-member';

const png = (r: number) => sharp({ create: { width: 40, height: 30, channels: 3, background: { r, g: 120, b: 60 } } }).png().toBuffer();

/** Jobs done and the media projection caught up: the item is served. */
async function whenProcessed(rt: Runtime, mediaId: string) {
  await rt.platform.jobQueue.idle();
  for (let i = 0; i < 100; i++) {
    const doc = await rt.readModels.collection('media').get(mediaId);
    if (doc && doc.status !== 'processing') return doc;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('media never finished processing');
}

const mediaCount = (rt: Runtime, m: Member) => rt.readModels.collection('media').count({ ownerId: m.id });
const idOf = (url: string) => /^\/media\/([0-9a-f-]{36})$/.exec(url)![1];

describeOnProfiles('posts and comments with media', (rt) => {
  const server = () => rt().http!.getHttpServer();

  it('stores two images on a post, serves them once processed, and lists the post on the media tab', async () => {
    const m = await registerVerifiedMember(rt());
    const res = await m.agent
      .post('/api/posts')
      .set('X-CSRF-Token', m.token)
      .field('content', 'Two pictures')
      .field('imageCaptions', JSON.stringify(['first', 'second']))
      .attach('media', await png(10), 'a.png')
      .attach('media', await png(200), 'b.png');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'media', imageCaptions: ['first', 'second'], videoUrl: null, audioUrl: null });
    const urls: string[] = res.body.imageUrls;
    expect(urls).toHaveLength(2);
    for (const url of urls) expect(url).toMatch(/^\/media\/[0-9a-f-]{36}$/);
    expect(res.body.imageUrl).toBe(urls[0]);
    for (const url of urls) {
      expect((await whenProcessed(rt(), idOf(url))).status).toBe('ready');
      const served = await request(server()).get(url).expect(200);
      expect(served.headers['content-type']).toMatch(/^image\//);
    }
    expect((await request(server()).get(`/api/posts/${res.body.id}`).expect(200)).body.imageUrls).toEqual(urls);
    const text = await m.agent.post('/api/posts').set('X-CSRF-Token', m.token).send({ content: 'no media' }).expect(201);
    const tab = await request(server()).get(`/api/profile/${m.username}/media`).expect(200);
    expect(tab.body.map((p: { id: string }) => p.id)).toEqual([res.body.id]);
    expect(tab.body.map((p: { id: string }) => p.id)).not.toContain(text.body.id);
  });

  it('accepts images without text', async () => {
    const m = await registerVerifiedMember(rt());
    const res = await m.agent.post('/api/posts').set('X-CSRF-Token', m.token).attach('media', await png(5), 'only.png');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ content: '', imageUrls: [expect.stringMatching(/^\/media\//)] });
    await rt().platform.jobQueue.idle();
  });

  it('refuses five images with 400 and stores none of them', async () => {
    const m = await registerVerifiedMember(rt());
    let req = m.agent.post('/api/posts').set('X-CSRF-Token', m.token).field('content', 'Too many');
    for (let i = 0; i < 5; i++) req = req.attach('media', await png(i * 40), `p${i}.png`);
    const res = await req;
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'You can upload up to 4 images per post.', code: 'TOO_MANY_IMAGES' });
    expect(await mediaCount(rt(), m)).toBe(0);
    expect((await request(server()).get(`/api/profile/${m.username}/posts`).expect(200)).body).toEqual([]);
  });

  // A text file is an accepted document (spec part 1 §5: pdf, doc, docx, txt) whatever its name, so the
  // file that must be refused here is one of no accepted type: an executable renamed .png.
  it('refuses a renamed non-media file with 415 and stores nothing, not even the valid image beside it', async () => {
    const m = await registerVerifiedMember(rt());
    const res = await m.agent
      .post('/api/posts')
      .set('X-CSRF-Token', m.token)
      .field('content', 'Sneaky')
      .attach('media', await png(1), 'fine.png')
      .attach('media', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(56)]), { filename: 'notes.png', contentType: 'image/png' });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ message: 'notes.png is not a supported format', code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await mediaCount(rt(), m)).toBe(0);
  });

  it('keeps an unverified member text only: their files are not stored', async () => {
    const m = await registerMember(rt());
    const res = await m.agent.post('/api/posts').set('X-CSRF-Token', m.token).field('content', 'Hello').attach('media', await png(3), 'a.png');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'text', imageUrls: [], limited: true });
    expect(await mediaCount(rt(), m)).toBe(0);
  });

  it('adds a comment with an image, and one with only an image', async () => {
    const [owner, commenter] = [await registerVerifiedMember(rt()), await registerVerifiedMember(rt())];
    const post = await owner.agent.post('/api/posts').set('X-CSRF-Token', owner.token).send({ content: 'Comment on me' }).expect(201);
    const withText = await commenter.agent
      .post(`/api/posts/${post.body.id}/comments`)
      .set('X-CSRF-Token', commenter.token)
      .field('content', 'Look at this')
      .attach('media', await png(90), 'c.png');
    expect(withText.status).toBe(201);
    expect(withText.body).toMatchObject({ content: 'Look at this', imageUrl: expect.stringMatching(/^\/media\/[0-9a-f-]{36}$/), videoUrl: null });
    const onlyImage = await commenter.agent.post(`/api/posts/${post.body.id}/comments`).set('X-CSRF-Token', commenter.token).attach('media', await png(91), 'd.png');
    expect(onlyImage.status).toBe(201);
    expect(onlyImage.body.imageUrl).toMatch(/^\/media\//);
    await whenProcessed(rt(), idOf(withText.body.imageUrl));
    await request(server()).get(withText.body.imageUrl).expect(200);
    const list = await request(server()).get(`/api/posts/${post.body.id}/comments`).expect(200);
    expect(list.body.map((c: { imageUrl: string | null }) => c.imageUrl)).toEqual([withText.body.imageUrl, onlyImage.body.imageUrl]);
    await rt().platform.jobQueue.idle();
  });
}, IDENTITY_TEST_ENV);
