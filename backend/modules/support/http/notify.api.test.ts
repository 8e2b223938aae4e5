import { randomBytes } from 'node:crypto';

import { emailKey } from '@modules/identity';
import { PERSONAL_DATA_VAULT } from '@platform/tokens';
import { anonymous, mailsTo, registerMember } from '@testing/members';
import request from 'supertest';

import type { Runtime } from '../../../src/runtime';
import { eventually } from '../../../src/testing/eventually';
import { describeOnProfiles } from '../../../src/testing/profiles';
import { notifyStream } from '../events';
import { admin, send } from '../testing/support-fixtures';

/** What both suites use: the guest who signs up and presses the pages' buttons, the mails, the streams. */
function notifyKit(rt: () => Runtime) {
  let guest!: Awaited<ReturnType<typeof anonymous>>;
  beforeAll(async () => {
    guest = await anonymous(rt());
  });
  const server = () => rt().http!.getHttpServer();
  const address = (name: string) => `${name}.${randomBytes(4).toString('hex')}@example.test`;
  const types = async (a: string) =>
    (await rt().platform.eventStore.readStream(notifyStream(emailKey(a)))).map((e) => e.type);
  const signUp = (email: string) =>
    guest.agent.post('/api/notify/donations-open').set('X-CSRF-Token', guest.token).send({ email });
  const sent = async (to: string, template: string) => (await mailsTo(rt(), to)).filter((m) => m.template === template);
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
  /** The path and query of a URL, for supertest. */
  const path = (link: string) => {
    const url = new URL(link);
    return url.pathname + url.search;
  };
  const newest = async (to: string, template: string) => {
    const mail = (await sent(to, template))[0];
    if (!mail) throw new Error(`no ${template} mail to ${to}`);
    return mail;
  };
  const confirmToken = async (to: string) => tokenOf((await newest(to, 'donations-open-confirm')).links[0]!);
  const unsubscribeToken = async (to: string, template: string) => tokenOf((await newest(to, template)).links[1]!);
  /** The button of the web app's page: a JSON POST with the CSRF token, as the guest's browser sends it. */
  const press = (route: 'confirm' | 'unsubscribe', token: unknown) =>
    guest.agent.post(`/api/notify/donations-open/${route}`).set('X-CSRF-Token', guest.token).send({ token });
  /** A mail provider's RFC 8058 one-click POST: no cookie, no CSRF token, a form body. */
  const oneClick = (url: string, body = 'List-Unsubscribe=One-Click', type = 'application/x-www-form-urlencoded') =>
    request(server()).post(url).set('Content-Type', type).send(body);
  const read = (route: string, token?: string, accept = 'application/json') =>
    request(server())
      .get(`/api/notify/donations-open/${route}`)
      .query(token === undefined ? {} : { token })
      .set('Accept', accept);
  const refused = {
    error: expect.any(String),
    code: 'LINK_INVALID',
    message: 'This link is not valid or has expired.',
  };
  const CONFIRMED = { message: "Your address is confirmed: we'll email you as soon as donations open." };
  const LEFT = { message: "You're off the list: we won't email you about donations." };
  return {
    server,
    address,
    types,
    signUp,
    sent,
    tokenOf,
    path,
    newest,
    confirmToken,
    unsubscribeToken,
    press,
    oneClick,
    read,
    refused,
    CONFIRMED,
    LEFT,
    guest: () => guest,
  };
}

/**
 * Notify-me double opt-in (issue 35): anyone may type any address, so an address hears about
 * donations only once its owner followed the mailed link; every mail carries a one-click unsubscribe
 * link; and the sign-up answer never tells whether an address is on the list.
 */
describeOnProfiles('notify-me: double opt-in, unsubscribe, the same answer for every address', (rt) => {
  const {
    server,
    address,
    types,
    signUp,
    sent,
    tokenOf,
    path,
    newest,
    confirmToken,
    unsubscribeToken,
    press,
    oneClick,
    read,
    refused,
    CONFIRMED,
    LEFT,
    guest,
  } = notifyKit(rt);

  it("mails links to the web app's pages and a one-click List-Unsubscribe; the address is in no event as text", async () => {
    const a = address('hafsa');
    await signUp(a).expect(200);
    const [mail, ...more] = await sent(a, 'donations-open-confirm');
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Confirm your email to hear when DeenConnect donations open');
    expect(mail!.links).toHaveLength(2);
    expect(mail!.links[0]).toMatch(/^http:\/\/[^/]+\/support\/notify\/confirm\?token=[0-9a-f]{64}\.[\w-]{43}$/);
    expect(mail!.links[1]).toMatch(/^http:\/\/[^/]+\/support\/notify\/unsubscribe\?token=[0-9a-f]{64}\.[\w-]{43}$/);
    const origin = new URL(mail!.links[1]!).origin;
    expect(mail!.headers).toEqual({
      'Content-Language': 'en',
      'List-Unsubscribe': `<${origin}/api/notify/donations-open/unsubscribe?token=${tokenOf(mail!.links[1]!)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(await types(a)).toEqual(['DonationsOpenSubscribed', 'DonationsOpenConfirmationSent']);
    const raw = JSON.stringify(await rt().platform.eventStore.readStream(notifyStream(emailKey(a))));
    expect(raw).not.toContain(a);
    // Nor the tokens: only their hashes.
    for (const link of mail!.links) expect(raw).not.toContain(tokenOf(link).split('.')[1]);
  });

  it('answers every sign-up alike: new, waiting for confirmation, confirmed, unsubscribed', async () => {
    const answers: { status: number; body: unknown }[] = [];
    const ask = async (email: string) => {
      const res = await signUp(email);
      answers.push({ status: res.status, body: res.body });
    };
    const a = address('bilal');
    await ask(a); // new
    await ask(a); // waiting
    await press('confirm', await confirmToken(a)).expect(200);
    await ask(a.toUpperCase()); // confirmed
    await press('unsubscribe', await unsubscribeToken(a, 'donations-open-confirm')).expect(200);
    await ask(a); // off the list: starts anew
    expect(answers).toHaveLength(4);
    for (const answer of answers)
      expect(answer).toEqual({
        status: 200,
        body: { subscribed: true, message: "We'll email you as soon as donations open." },
      });
    expect(await types(a)).toEqual([
      'DonationsOpenSubscribed',
      'DonationsOpenConfirmationSent',
      'DonationsOpenConfirmationSent',
      'DonationsOpenConfirmed',
      'DonationsOpenUnsubscribed',
      'DonationsOpenSubscribed',
      'DonationsOpenConfirmationSent',
    ]);
  });

  it('mails one address at most 3 confirmation links a day, however often it is typed in', async () => {
    const victim = address('victim');
    // From many addresses, so the per-asker limit is not what stops it.
    for (let i = 0; i < 6; i++) {
      const stranger = await anonymous(rt());
      await stranger.agent
        .post('/api/notify/donations-open')
        .set('X-CSRF-Token', stranger.token)
        .send({ email: victim })
        .expect(200);
    }
    expect(await sent(victim, 'donations-open-confirm')).toHaveLength(3);
  });

  it("changes nothing on a GET of a link, whoever fetches it (a mail scanner); the page's button POSTs", async () => {
    const a = address('scanned');
    await signUp(a).expect(200);
    const mail = await newest(a, 'donations-open-confirm');
    const [confirm, leave] = [tokenOf(mail.links[0]!), tokenOf(mail.links[1]!)];
    const before = await types(a);
    const key = notifyStream(emailKey(a));
    const { vaultSubject, sealedEmail } = (await rt().platform.eventStore.readStream(key))[0]!.data as {
      vaultSubject: string;
      sealedEmail: string;
    };
    const vault = rt().http!.get(PERSONAL_DATA_VAULT);

    // Every link of the mail, fetched as a scanner would (the page itself, and the API's old links).
    for (const link of mail.links) await request(server()).get(path(link)).set('Accept', 'text/html,*/*');
    for (const route of ['confirm', 'unsubscribe'])
      for (const token of [confirm, leave]) {
        await read(route, token);
        await read(route, token, 'text/html,application/xhtml+xml,*/*;q=0.8');
        await request(server()).head(`/api/notify/donations-open/${route}`).query({ token });
      }
    await request(server()).get(path(mail.headers['List-Unsubscribe']!.slice(1, -1)));
    expect(await types(a)).toEqual(before);
    expect(await vault.open(vaultSubject, sealedEmail)).toMatchObject({ email: a });

    // A GET only checks: JSON says whether the button would work; a browser goes to the page.
    expect((await read('confirm', confirm).expect(200)).body).toEqual({ valid: true });
    expect((await read('unsubscribe', leave).expect(200)).body).toEqual({ valid: true });
    const browser = await read('confirm', confirm, 'text/html,*/*');
    expect([browser.status, browser.headers.location, browser.headers['cache-control']]).toEqual([
      303,
      `/support/notify/confirm?token=${confirm}`,
      'no-store',
    ]);
    const leaving = await read('unsubscribe', leave, 'text/html');
    expect([leaving.status, leaving.headers.location]).toEqual([303, `/support/notify/unsubscribe?token=${leave}`]);

    // Only the button's POST acts.
    expect((await press('confirm', confirm).expect(200)).body).toEqual(CONFIRMED);
    expect(await types(a)).toEqual([...before, 'DonationsOpenConfirmed']);
    expect((await press('unsubscribe', leave).expect(200)).body).toEqual(LEFT);
    expect((await types(a)).at(-1)).toBe('DonationsOpenUnsubscribed');
    expect(await vault.open(vaultSubject, sealedEmail)).toBeNull();
  });

  it('refuses links that are not ours (400) or that name no link sent (404), on GET and POST alike', async () => {
    const a = address('umar');
    await signUp(a).expect(200);
    const confirm = await confirmToken(a);
    const leave = await unsubscribeToken(a, 'donations-open-confirm');
    const [key, secret] = confirm.split('.') as [string, string];
    const other = `${'a'.repeat(43)}`;
    const both = async (route: 'confirm' | 'unsubscribe', token: unknown) => {
      const [got, pressed] = [await read(route, token as string | undefined), await press(route, token)];
      return [
        { status: got.status, body: got.body },
        { status: pressed.status, body: pressed.body },
      ];
    };
    const bad = (status: number) => ({
      status,
      body: { ...refused, error: status === 400 ? 'Bad Request' : 'Not Found' },
    });
    for (const route of ['confirm', 'unsubscribe'] as const) {
      for (const token of [
        undefined,
        '',
        'nope',
        `${key}.short`,
        `${key.toUpperCase()}.${secret}`,
        `${key}.${secret}x`,
      ])
        expect(await both(route, token)).toEqual([bad(400), bad(400)]);
      expect((await press(route, 42)).body).toEqual(bad(400).body);
      expect((await press(route, [confirm])).body).toEqual(bad(400).body);
      expect(await both(route, `${key}.${other}`)).toEqual([bad(404), bad(404)]);
      // Another address's key with this secret.
      expect(await both(route, `${emailKey(address('x'))}.${secret}`)).toEqual([bad(404), bad(404)]);
    }
    // The unsubscribe token confirms nothing, and the confirmation token unsubscribes no one.
    expect(await both('confirm', leave)).toEqual([bad(404), bad(404)]);
    expect(await both('unsubscribe', confirm)).toEqual([bad(404), bad(404)]);
    expect(await types(a)).toEqual(['DonationsOpenSubscribed', 'DonationsOpenConfirmationSent']);

    // The button needs the CSRF token like every write: without it, 403 and nothing done.
    for (const route of ['confirm', 'unsubscribe'])
      expect(
        (
          await guest()
            .agent.post(`/api/notify/donations-open/${route}`)
            .send({ token: route === 'confirm' ? confirm : leave })
        ).status,
      ).toBe(403);
    expect(await types(a)).toEqual(['DonationsOpenSubscribed', 'DonationsOpenConfirmationSent']);

    // A second press is still a success.
    expect((await press('confirm', confirm)).body).toEqual(CONFIRMED);
    expect((await press('confirm', confirm)).body).toEqual(CONFIRMED);
    expect((await press('unsubscribe', leave)).body).toEqual(LEFT);
    expect((await press('unsubscribe', leave)).body).toEqual(LEFT);
    // Off the list, its confirmation link no longer confirms it, nor checks as valid.
    expect(await both('confirm', confirm)).toEqual([bad(404), bad(404)]);
  });

  it('mails only confirmed addresses when donations open, each mail with an unsubscribe link that works', async () => {
    const [unconfirmed, confirmed, left, stays] = [
      address('pending'),
      address('confirmed'),
      address('left'),
      address('stays'),
    ];
    for (const a of [unconfirmed, confirmed, left, stays]) await signUp(a).expect(200);
    for (const a of [confirmed, left, stays]) await press('confirm', await confirmToken(a)).expect(200);
    await press('unsubscribe', await unsubscribeToken(left, 'donations-open-confirm')).expect(200);
    // A member whose account address is not verified confirms it by the link too.
    const member = await registerMember(rt());
    await send(member, 'post', '/api/notify/donations-open').expect(200);
    expect(await types(member.email)).toEqual(['DonationsOpenSubscribed', 'DonationsOpenConfirmationSent']);

    const boss = await admin(rt());
    await send(boss, 'put', '/api/admin/donations', { paused: false }).expect(200);
    const [mail, ...more] = await eventually(
      () => sent(confirmed, 'donations-open'),
      (m) => m.length > 0,
      `donations-open mail to ${confirmed}`,
    );
    expect(more).toEqual([]);
    expect(mail!.links[0]).toMatch(/\/support$/);
    expect(mail!.links[1]).toMatch(/\/support\/notify\/unsubscribe\?token=/);
    const oneClickUrl = mail!.headers['List-Unsubscribe']!.slice(1, -1);
    expect(oneClickUrl).toBe(
      `${new URL(mail!.links[1]!).origin}/api/notify/donations-open/unsubscribe?token=${tokenOf(mail!.links[1]!)}`,
    );
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    for (const nobody of [unconfirmed, left, member.email]) {
      expect(await sent(nobody, 'donations-open')).toEqual([]);
      expect(await types(nobody)).not.toContain('DonationsOpenNotified');
    }

    // The mail's one-click unsubscribe (the mail client's button): off the list, the sealed address forgotten.
    const stream = await rt().platform.eventStore.readStream(notifyStream(emailKey(confirmed)));
    const { vaultSubject, sealedEmail } = stream[0]!.data as { vaultSubject: string; sealedEmail: string };
    const vault = rt().http!.get(PERSONAL_DATA_VAULT);
    expect(await vault.open(vaultSubject, sealedEmail)).toMatchObject({ email: confirmed });
    await oneClick(path(oneClickUrl)).expect(200);
    expect(await vault.open(vaultSubject, sealedEmail)).toBeNull();
    expect((await types(confirmed)).at(-1)).toBe('DonationsOpenUnsubscribed');

    // Paused and opened again: who stayed hears again, who left does not.
    await eventually(
      () => sent(stays, 'donations-open'),
      (m) => m.length === 1,
      `first mail to ${stays}`,
    );
    await send(boss, 'put', '/api/admin/donations', { paused: true }).expect(200);
    await send(boss, 'put', '/api/admin/donations', { paused: false }).expect(200);
    await eventually(
      () => sent(stays, 'donations-open'),
      (m) => m.length === 2,
      `second mail to ${stays}`,
    );
    expect(await sent(confirmed, 'donations-open')).toHaveLength(1);
  }, 60_000);
});

/** Its own runtime: the notify-me sign-ups above use up most of the 20 an hour of one address. */
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
