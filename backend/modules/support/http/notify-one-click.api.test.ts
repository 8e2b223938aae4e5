import { emailKey } from '@modules/identity';
import request from 'supertest';

import { describeOnProfiles } from '../../../src/testing/profiles';
import { notifyKit } from '../testing/notify-kit';

/** Its own runtime: the notify-me sign-ups of notify.api.test.ts use up most of the 20 an hour of one address. */
describeOnProfiles('notify-me: RFC 8058 one-click unsubscribe', (rt) => {
  const { server, address, types, signUp, path, newest, confirmToken, press, oneClick, refused, LEFT, guest } =
    notifyKit(rt);
  describe("RFC 8058 one-click unsubscribe (the mail's List-Unsubscribe header)", () => {
    /** A new confirmed subscriber and the URL of their confirmation mail's List-Unsubscribe header. */
    const subscriber = async (name: string) => {
      const a = address(name);
      await signUp(a).expect(200);
      await press('confirm', await confirmToken(a)).expect(200);
      const url = path((await newest(a, 'donations-open-confirm')).headers['List-Unsubscribe']!.slice(1, -1));
      return { a, url };
    };

    it("takes a mail provider's POST, urlencoded or multipart, without cookie or CSRF token", async () => {
      const first = await subscriber('oneclick');
      const res = await oneClick(first.url).expect(200);
      expect(res.body).toEqual(LEFT);
      expect(res.headers['cache-control']).toBe('no-store');
      expect((await types(first.a)).at(-1)).toBe('DonationsOpenUnsubscribed');
      // The provider may send it again: the same answer, nothing more recorded.
      await oneClick(first.url).expect(200);
      expect((await types(first.a)).filter((t) => t === 'DonationsOpenUnsubscribed')).toHaveLength(1);
      // With charset, as some providers send it.
      const second = await subscriber('oneclick-charset');
      await oneClick(
        second.url,
        'List-Unsubscribe=One-Click',
        'application/x-www-form-urlencoded; charset=utf-8',
      ).expect(200);
      expect((await types(second.a)).at(-1)).toBe('DonationsOpenUnsubscribed');

      const third = await subscriber('oneclick-multipart');
      await request(server()).post(third.url).field('List-Unsubscribe', 'One-Click').expect(200);
      expect((await types(third.a)).at(-1)).toBe('DonationsOpenUnsubscribed');
    });

    it('opens no other route, method or content type to requests without the CSRF token', async () => {
      const { a, url } = await subscriber('narrow');
      const before = await types(a);
      const token = new URL(`http://x${url}`).searchParams.get('token')!;
      const status = async (req: request.Test) => (await req).status;
      const form = 'List-Unsubscribe=One-Click';
      // The same route as JSON, or text, without CSRF: 403 like any write.
      expect(await status(request(server()).post(url).send({ token }))).toBe(403);
      expect(await status(request(server()).post(url).set('Content-Type', 'application/json').send(form))).toBe(403);
      expect(await status(request(server()).post(url).set('Content-Type', 'text/plain').send(form))).toBe(403);
      // Other methods with the form.
      for (const method of ['put', 'patch', 'delete'] as const)
        expect(
          await status(
            request(server())[method](url).set('Content-Type', 'application/x-www-form-urlencoded').send(form),
          ),
        ).toBe(403);
      // The confirm route and paths that are not exactly the route.
      const formTo = (target: string) => oneClick(target);
      for (const target of [
        `/api/notify/donations-open/confirm?token=${token}`,
        `/api/notify/donations-open/unsubscribe/?token=${token}`,
        `/api/notify/donations-open/Unsubscribe?token=${token}`,
        `/api/notify/donations-open/unsubscrib%65?token=${token}`,
        `//api/notify/donations-open/unsubscribe?token=${token}`,
        `/api/notify/donations-open/unsubscribe/../unsubscribe?token=${token}`,
        '/api/notify/donations-open',
        '/api/posts',
        '/api/auth/logout',
      ])
        expect([target, await status(formTo(target))]).toEqual([target, 403]);
      expect(await types(a)).toEqual(before);
      // A signed-in browser with its CSRF token still cannot send a form anywhere else: 415 as before.
      const res = await guest()
        .agent.post('/api/notify/donations-open')
        .set('X-CSRF-Token', guest().token)
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .send(`email=${encodeURIComponent(address('form'))}`);
      expect([res.status, res.body.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    });

    it('needs List-Unsubscribe=One-Click in the form and the token in the URL, else 400 and nothing done', async () => {
      const { a, url } = await subscriber('strict');
      const before = await types(a);
      const token = new URL(`http://x${url}`).searchParams.get('token')!;
      const NOT_ONE_CLICK = {
        error: 'Bad Request',
        code: 'ONE_CLICK_INVALID',
        message: 'A one-click unsubscribe must carry List-Unsubscribe=One-Click',
      };
      for (const body of [
        '',
        'List-Unsubscribe=No',
        'list-unsubscribe=One-Click',
        'List-Unsubscribe=one-click',
        `token=${token}`,
      ])
        expect({ body, answer: (await oneClick(url, body)).body }).toEqual({ body, answer: NOT_ONE_CLICK });
      // A file, or too many parts, is not what a provider sends.
      const withFile = await request(server())
        .post(url)
        .field('List-Unsubscribe', 'One-Click')
        .attach('file', Buffer.from('x'), 'x.txt');
      expect([withFile.status, withFile.body.code]).toEqual([400, 'ONE_CLICK_INVALID']);
      // Too big a form: refused before it is read.
      expect((await oneClick(url, `List-Unsubscribe=One-Click&pad=${'x'.repeat(2000)}`)).status).toBe(413);
      // The token goes in the URL (the header's), not in the form.
      const inBody = await oneClick(
        '/api/notify/donations-open/unsubscribe',
        `List-Unsubscribe=One-Click&token=${token}`,
      );
      expect({ status: inBody.status, body: inBody.body }).toEqual({
        status: 400,
        body: { ...refused, error: 'Bad Request' },
      });
      // Another subscriber's key with this secret, or a confirmation token: 404.
      const secret = token.split('.')[1];
      expect(
        (await oneClick(`/api/notify/donations-open/unsubscribe?token=${emailKey(address('y'))}.${secret}`)).status,
      ).toBe(404);
      expect((await oneClick(`/api/notify/donations-open/unsubscribe?token=${await confirmToken(a)}`)).status).toBe(
        404,
      );
      expect(await types(a)).toEqual(before);
    });
  });
});
