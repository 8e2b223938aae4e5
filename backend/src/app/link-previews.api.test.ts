import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { MediaIngestService } from '@modules/media';
import { inlineScriptHashes } from '@platform/http/security/security-headers';
import { IDENTITY_TEST_ENV, type Member, PASSWORD, registerMember } from '@testing/members';
import { hiddenPost } from '@testing/owned-resources';
import { useRuntime } from '@testing/profiles';
import { createPost, registerVerifiedMember } from '@testing/verified-member';
import request from 'supertest';

import { approvedTeacher, courseBody, createCourse, moderator } from '../../modules/learning/testing/courses';
import { PostPreviews } from '../../modules/social';
import {
  editProfile,
  fixtureDist,
  INDEX,
  ITEM_KEYS,
  meta,
  metaAll,
  png,
  PUBLIC_URL,
  titleOf,
  whenProcessed,
} from './testing/link-preview-kit';

/** The page carries exactly the built inline script, which the policy allows by its hash. */
function expectScriptsAllowedBy(html: string, csp: string | undefined) {
  const hashes = inlineScriptHashes(html);
  expect(hashes).toEqual(inlineScriptHashes(INDEX));
  expect(hashes.length).toBeGreaterThan(0);
  for (const h of hashes) expect(csp).toContain(h);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
}

/** The plain page: the build's own file byte for byte, its generic tags only, nothing about any item. */
function expectPlain(html: string, ...unseen: string[]) {
  expect(html).toBe(INDEX);
  expect(titleOf(html)).toBe('DeenConnect');
  expect(meta(html, 'og:title')).toBe('DeenConnect');
  for (const key of ITEM_KEYS) expect(metaAll(html, key)).toEqual([]);
  for (const text of unseen) expect(html).not.toContain(text);
}

describe('link previews of shared links (real app, a built web app)', () => {
  const dist = fixtureDist();
  afterAll(() => dist.remove());
  const rt = useRuntime(() => ({ FRONTEND_DIST: dist.dir, PUBLIC_URL, ...IDENTITY_TEST_ENV }));
  const server = () => rt().http!.getHttpServer();
  const page = async (path: string) => {
    const res = await request(server()).get(path).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    return res;
  };
  /** Injected, so that the body is seen as sent (supertest would decode it). */
  const raw = (url: string, headers: Record<string, string> = {}) =>
    rt().http!.getHttpAdapter().getInstance().inject({ method: 'GET', url, headers });

  let author: Member;
  let mod: Member;
  beforeAll(async () => {
    author = await registerVerifiedMember(rt());
    await editProfile(author, { displayName: 'Aisha Rahman' }).expect(200);
    mod = await moderator(rt());
  }, 60_000);

  describe('a post', () => {
    it('shows its author and text, the app picture, as an article at its canonical address', async () => {
      const post = await createPost(author, {
        content: 'Salaam   all,\n\nJumu‘ah reminder: read Surah al-Kahf today.',
      });
      const res = await page(`/post/${post.id.toUpperCase()}?utm_source=wa`);
      const html = res.text;
      expect(titleOf(html)).toBe(`Aisha Rahman (@${author.username}) on DeenConnect`);
      expect(meta(html, 'og:title')).toBe(titleOf(html));
      expect(meta(html, 'twitter:title')).toBe(titleOf(html));
      const text = 'Salaam all, Jumu‘ah reminder: read Surah al-Kahf today.';
      expect(meta(html, 'description')).toBe(text);
      expect(meta(html, 'og:description')).toBe(text);
      expect(meta(html, 'twitter:description')).toBe(text);
      expect(meta(html, 'og:type')).toBe('article');
      expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}/post/${post.id}`);
      expect(meta(html, 'og:site_name')).toBe('DeenConnect');
      expect(meta(html, 'og:locale')).toBe('en_US');
      expect(meta(html, 'og:image')).toBe(`${PUBLIC_URL}/icons/icon-512.png`);
      expect(meta(html, 'twitter:image')).toBe(`${PUBLIC_URL}/icons/icon-512.png`);
      expect(meta(html, 'twitter:card')).toBe('summary');
      // The generic tags of the build are replaced, not doubled.
      expect(html.match(/<title>/g)).toHaveLength(1);
      expectScriptsAllowedBy(html, res.headers['content-security-policy']);
    });

    it("shows the post's first photo as a JPEG the crawler can fetch, across a large card", async () => {
      const res = await author.agent
        .post('/api/posts')
        .set('X-CSRF-Token', author.token)
        .field('content', 'Sunset over the masjid')
        .field('imageCaptions', JSON.stringify(['The minaret at dusk', 'second']))
        .attach('media', await png(1600, 900), 'a.png')
        .attach('media', await png(800, 800, 200), 'b.png')
        .expect(201);
      const firstId = /^\/media\/([0-9a-f-]{36})$/.exec(res.body.imageUrls[0])![1]!;
      expect((await whenProcessed(rt(), firstId)).status).toBe('ready');
      const html = (await page(`/post/${res.body.id}`)).text;
      const image = meta(html, 'og:image')!;
      expect(image.startsWith(`${PUBLIC_URL}/media/${firstId}/`)).toBe(true);
      expect(meta(html, 'twitter:image')).toBe(image);
      expect(meta(html, 'twitter:card')).toBe('summary_large_image');
      expect(meta(html, 'og:image:width')).toBe('1280');
      expect(meta(html, 'og:image:height')).toBe('720');
      expect(meta(html, 'og:image:alt')).toBe('The minaret at dusk');
      const served = await request(server()).get(image.slice(PUBLIC_URL.length)).expect(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
    });

    it('escapes what an author writes: a post cannot add a script or a tag of its own', async () => {
      const attack =
        '"><script>alert(1)</script><meta property="og:image" content="https://evil.example/x.png"><title>x</title>';
      const post = await createPost(author, { content: `${attack} & 'more'` });
      const res = await page(`/post/${post.id}`);
      expect(res.text).not.toContain('<script>alert');
      expect(res.text).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(meta(res.text, 'og:description')).toBe(`${attack} & 'more'`);
      expect(metaAll(res.text, 'og:image')).toEqual([`${PUBLIC_URL}/icons/icon-512.png`]);
      expect(res.text.match(/<title>/g)).toHaveLength(1);
      expectScriptsAllowedBy(res.text, res.headers['content-security-policy']);
    });

    it('escapes a display name too, and cuts a long text near 200 characters at a word', async () => {
      const m = await registerVerifiedMember(rt());
      await editProfile(m, { displayName: '</title><script>x()</script>' }).expect(200);
      const post = await createPost(m, { content: `${'word '.repeat(100)}END` });
      const html = (await page(`/post/${post.id}`)).text;
      expect(html).not.toContain('<script>x()');
      expect(titleOf(html)).toBe(`</title><script>x()</script> (@${m.username}) on DeenConnect`);
      const description = meta(html, 'og:description')!;
      expect(Array.from(description).length).toBeLessThanOrEqual(200);
      expect(description).toMatch(/^word( word)+…$/);
    });

    it('names nobody for an anonymous shared AI answer: not the name, not the username', async () => {
      const question = 'What does the Quran say about patience?';
      const given = await author.agent.post('/api/ai/ask').set('X-CSRF-Token', author.token).send({ question });
      expect(given.status).toBe(200);
      const shared = await author.agent
        .post('/api/ai-share')
        .set('X-CSRF-Token', author.token)
        .send({ question, answer: given.body.answer, anonymous: true })
        .expect(201);
      const html = (await page(`/post/${shared.body.id}`)).text;
      expect(titleOf(html)).toBe('A shared answer on DeenConnect');
      expect(meta(html, 'og:description')).toBe(question);
      expect(html).not.toContain('Aisha');
      expect(html).not.toContain(author.username);
    });

    it('gives a deleted, a hidden or an unknown post nothing: the plain page', async () => {
      const deleted = await createPost(author, { content: 'Deleted words stay unseen' });
      expect(meta((await page(`/post/${deleted.id}`)).text, 'og:description')).toBe('Deleted words stay unseen');
      await author.agent.delete(`/api/posts/${deleted.id}`).set('X-CSRF-Token', author.token).expect(200);
      const hidden = await hiddenPost(author, mod);
      for (const path of [
        `/post/${deleted.id}`,
        `/post/${hidden}`,
        '/post/0190d7c4-0000-7000-8000-000000000001',
        '/post/not-a-post',
        '/post/..%2F..%2Fapi%2Fauth%2Fme',
      ])
        expectPlain((await page(path)).text, 'Deleted words', 'Aisha', author.username);
    });
  });

  describe('a profile', () => {
    it('shows the name, the bio and the avatar, small beside the text, at the canonical username', async () => {
      const m = await registerMember(rt());
      await editProfile(
        m,
        { displayName: 'Yusuf Ali', bio: 'Student of hadith. <b>Nairobi</b>' },
        await png(64, 64),
      ).expect(200);
      const res = await page(`/profile/${m.username.toUpperCase()}`);
      const html = res.text;
      expect(titleOf(html)).toBe(`Yusuf Ali (@${m.username})`);
      expect(meta(html, 'og:description')).toBe('Student of hadith. <b>Nairobi</b>');
      expect(html).not.toContain('<b>Nairobi');
      expect(meta(html, 'og:type')).toBe('profile');
      expect(meta(html, 'profile:username')).toBe(m.username);
      expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}/profile/${m.username}`);
      expect(meta(html, 'og:image')).toMatch(new RegExp(`^${PUBLIC_URL}/media/profiles/[0-9a-f-]{36}\\.png$`));
      expect(meta(html, 'twitter:card')).toBe('summary');
      await request(server()).get(meta(html, 'og:image')!.slice(PUBLIC_URL.length)).expect(200);
    });

    it('gives an unknown or deleted member nothing, nor the posts of one', async () => {
      expectPlain((await page('/profile/nobody_here_at_all')).text);
      const gone = await registerVerifiedMember(rt());
      await editProfile(gone, { bio: 'Soon gone' }).expect(200);
      const post = await createPost(gone, { content: 'Words of a member who left' });
      expect(meta((await page(`/profile/${gone.username}`)).text, 'og:description')).toBe('Soon gone');
      expect(meta((await page(`/post/${post.id}`)).text, 'og:description')).toBe('Words of a member who left');
      await gone.agent.delete('/api/account').set('X-CSRF-Token', gone.token).send({ password: PASSWORD }).expect(200);
      expectPlain((await page(`/profile/${gone.username}`)).text, 'Soon gone', gone.username);
      // Their posts go with them.
      expectPlain((await page(`/post/${post.id}`)).text, 'Words of a member', gone.username);
    });
  });

  describe('a course', () => {
    let teacher: Member;
    beforeAll(async () => {
      teacher = await approvedTeacher(rt(), mod);
    });

    it('shows a published course with its cover; a draft gives nothing, even to its own teacher', async () => {
      const cover = await rt()
        .http!.get(MediaIngestService)
        .ingest(
          { ownerId: teacher.id, source: { buffer: await png(1200, 675) }, purpose: 'image', filename: 'cover.png' },
          { actor: teacher.id },
        );
      await whenProcessed(rt(), cover.id);
      const id = await createCourse(
        teacher,
        courseBody({ title: 'Tajweed <for> beginners', thumbnailMediaId: cover.id }),
      );
      const html = (await page(`/course/${id}`)).text;
      expect(titleOf(html)).toBe('Tajweed <for> beginners');
      expect(html).not.toContain('<for>');
      expect(meta(html, 'og:description')).toBe(courseBody().description);
      expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}/course/${id}`);
      expect(meta(html, 'og:image')).toMatch(new RegExp(`^${PUBLIC_URL}/media/${cover.id}/[^/]+\\.jpe?g$`));
      expect(meta(html, 'twitter:card')).toBe('summary_large_image');

      const draft = await createCourse(teacher, courseBody({ title: 'Unreleased draft' }), false);
      expectPlain((await page(`/course/${draft}`)).text, 'Unreleased');
      expectPlain((await teacher.agent.get(`/course/${draft}`).expect(200)).text, 'Unreleased');
      expectPlain((await page('/course/0190d7c4-0000-7000-8000-000000000002')).text);
      // The lesson view is not a shared page: the plain app.
      expectPlain((await page(`/course/${id}/learn`)).text);
    });

    it('stops previewing a course its teacher takes back to draft', async () => {
      const id = await createCourse(teacher, courseBody({ title: 'Seerah, taken back' }));
      expect(titleOf((await page(`/course/${id}`)).text)).toBe('Seerah, taken back');
      await teacher.agent.post(`/api/courses/${id}/unpublish`).set('X-CSRF-Token', teacher.token).expect(200);
      expectPlain((await page(`/course/${id}`)).text, 'Seerah');
    });
  });

  describe('the pages', () => {
    it.each([
      ['/support', 'Support orphans — DeenConnect'],
      ['/search', 'Search — DeenConnect'],
      ['/learning', 'Courses — DeenConnect'],
    ])('%s has its own title and the app picture', async (path, title) => {
      const html = (await page(path)).text;
      expect(titleOf(html)).toBe(title);
      expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}${path}`);
      expect(meta(html, 'og:type')).toBe('website');
      expect(meta(html, 'og:image')).toBe(`${PUBLIC_URL}/icons/icon-512.png`);
    });

    it("never repeats a search link's words: nobody can make a DeenConnect card say their text", async () => {
      const html = (await page('/search?q=%22%3E%3Cscript%3Eevil()%3C%2Fscript%3E+Win+a+prize')).text;
      expect(html).not.toContain('evil()');
      expect(html).not.toContain('Win a prize');
      expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}/search`);
    });

    it('leaves every other address the plain page', async () => {
      for (const path of ['/home', '/messages', '/support/notify/confirm?token=x'])
        expectPlain((await page(path)).text);
    });
  });

  describe('safety', () => {
    it('takes no address from the request: Host and X-Forwarded-Host cannot move og:url or og:image', async () => {
      const post = await createPost(author, { content: 'Host check' });
      for (const headers of [
        { host: 'evil.example' },
        { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
        { 'x-forwarded-host': 'evil.example:443' },
      ]) {
        const res = await raw(`/post/${post.id}`, headers);
        expect(res.statusCode).toBe(200);
        expect(meta(res.body, 'og:url')).toBe(`${PUBLIC_URL}/post/${post.id}`);
        expect(meta(res.body, 'og:image')).toBe(`${PUBLIC_URL}/icons/icon-512.png`);
        expect(res.body).not.toContain('evil.example');
      }
    });

    it('serves crawlers with and without compression, the preview and the plain page alike', async () => {
      const post = await createPost(author, { content: 'Compressed or not' });
      const plain = await raw(`/post/${post.id}`);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(meta(plain.body, 'og:description')).toBe('Compressed or not');
      const br = await raw(`/post/${post.id}`, { 'accept-encoding': 'br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const gz = await raw(`/post/${post.id}`, { 'accept-encoding': 'gzip' });
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
      // The plain page is the build's own precompressed copy.
      const none = await raw('/post/not-a-post', { 'accept-encoding': 'gzip, br' });
      expect(none.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(none.rawPayload).toString()).toBe(INDEX);
      expect((await raw('/post/not-a-post')).body).toBe(INDEX);
    });

    it('answers HEAD like GET, without a body', async () => {
      const post = await createPost(author, { content: 'Head check' });
      const res = await rt()
        .http!.getHttpAdapter()
        .getInstance()
        .inject({ method: 'HEAD', url: `/post/${post.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('');
    });

    it('falls back to the plain page when the read side fails or hangs, never a 500', async () => {
      const post = await createPost(author, { content: 'Read side down' });
      const previews = rt().http!.get(PostPreviews, { strict: false });
      const failing = jest.spyOn(previews, 'of').mockRejectedValueOnce(new Error('read store unreachable'));
      expectPlain((await page(`/post/${post.id}`)).text);
      failing.mockImplementationOnce(() => new Promise(() => undefined));
      const started = Date.now();
      expectPlain((await page(`/post/${post.id}`)).text);
      expect(Date.now() - started).toBeLessThan(5000);
      failing.mockRestore();
      expect(meta((await page(`/post/${post.id}`)).text, 'og:description')).toBe('Read side down');
    });
  });
});
