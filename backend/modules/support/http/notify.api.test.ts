import { emailKey } from '@modules/identity';
import { PERSONAL_DATA_VAULT } from '@platform/tokens';
import { anonymous, registerMember } from '@testing/members';
import request from 'supertest';

import { eventually } from '../../../src/testing/eventually';
import { describeOnProfiles } from '../../../src/testing/profiles';
import { notifyStream } from '../events';
import { notifyKit } from '../testing/notify-kit';
import { admin, send } from '../testing/support-fixtures';

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
  it('writes to each address in the language it was given in: the confirmation at once, the news later', async () => {
    const [arabic, english] = [address('arabic'), address('english')];
    await signUp(arabic, 'ar').expect(200);
    await signUp(english, 'en').expect(200);
    expect((await newest(arabic, 'donations-open-confirm')).subject).toBe(
      'تأكيد بريدك لتصلك رسالة فتح التبرعات في DeenConnect',
    );
    expect((await newest(english, 'donations-open-confirm')).subject).toBe(
      'Confirm your email to hear when DeenConnect donations open',
    );
    for (const a of [arabic, english]) await press('confirm', await confirmToken(a)).expect(200);
    const boss = await admin(rt());
    await send(boss, 'put', '/api/admin/donations', { paused: true }).expect(200);
    await send(boss, 'put', '/api/admin/donations', { paused: false }).expect(200);
    const news = async (to: string) =>
      (
        await eventually(
          () => sent(to, 'donations-open'),
          (m) => m.length > 0,
          `donations-open mail to ${to}`,
        )
      )[0]!;
    expect((await news(arabic)).subject).toBe('التبرعات مفتوحة الآن في DeenConnect');
    expect((await news(english)).subject).toBe('Donations are open on DeenConnect');
  }, 60_000);
});
