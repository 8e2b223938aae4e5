import { randomBytes } from 'node:crypto';

import { emailKey } from '@modules/identity';
import { PERSONAL_DATA_VAULT } from '@platform/tokens';
import { anonymous, latestLink, mailsTo, registerMember } from '@testing/members';
import request from 'supertest';

import { eventually } from '../../../src/testing/eventually';
import { describeOnProfiles } from '../../../src/testing/profiles';
import { notifyStream } from '../events';
import { admin, send } from '../testing/support-fixtures';

/**
 * Notify-me double opt-in (issue 35): anyone may type any address, so an address hears about
 * donations only once its owner followed the mailed link; every mail carries a one-click unsubscribe
 * link; and the sign-up answer never tells whether an address is on the list.
 */
describeOnProfiles('notify-me: double opt-in, unsubscribe, the same answer for every address', (rt) => {
  const server = () => rt().http!.getHttpServer();
  const address = (name: string) => `${name}.${randomBytes(4).toString('hex')}@example.test`;
  const types = async (a: string) =>
    (await rt().platform.eventStore.readStream(notifyStream(emailKey(a)))).map((e) => e.type);
  let guest: Awaited<ReturnType<typeof anonymous>>;
  beforeAll(async () => {
    guest = await anonymous(rt());
  });
  const signUp = (email: string) =>
    guest.agent.post('/api/notify/donations-open').set('X-CSRF-Token', guest.token).send({ email });
  const sent = async (to: string, template: string) => (await mailsTo(rt(), to)).filter((m) => m.template === template);
  /** The path and query of a mail's link (the links come from the mail's text part). */
  const path = (link: string) => {
    const url = new URL(link);
    return url.pathname + url.search;
  };
  const confirmLink = (to: string) => latestLink(rt(), to, 'donations-open-confirm');
  const unsubscribeLink = async (to: string, template: string) => path((await sent(to, template))[0]!.links[1]!);

  it('mails a confirmation link and an unsubscribe link; the address is in no event as text', async () => {
    const a = address('hafsa');
    await signUp(a).expect(200);
    const [mail, ...more] = await sent(a, 'donations-open-confirm');
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Confirm your email to hear when DeenConnect donations open');
    expect(mail!.links).toHaveLength(2);
    expect(mail!.links[0]).toMatch(/\/api\/notify\/donations-open\/confirm\?token=[0-9a-f]{64}\.[\w-]{43}$/);
    expect(mail!.links[1]).toMatch(/\/api\/notify\/donations-open\/unsubscribe\?token=[0-9a-f]{64}\.[\w-]{43}$/);
    expect(await types(a)).toEqual(['DonationsOpenSubscribed', 'DonationsOpenConfirmationSent']);
    const raw = JSON.stringify(await rt().platform.eventStore.readStream(notifyStream(emailKey(a))));
    expect(raw).not.toContain(a);
    // Nor the tokens: only their hashes.
    for (const link of mail!.links) expect(raw).not.toContain(new URL(link).searchParams.get('token')!.split('.')[1]);
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
    await request(server())
      .get(await confirmLink(a))
      .expect(200);
    await ask(a.toUpperCase()); // confirmed
    await request(server())
      .get(await unsubscribeLink(a, 'donations-open-confirm'))
      .expect(200);
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

  it('refuses links that are not ours (400) or that name no link sent (404), and sends browsers to /support', async () => {
    const a = address('umar');
    await signUp(a).expect(200);
    const confirm = new URL(`http://x${await confirmLink(a)}`).searchParams.get('token')!;
    const leave = new URL(`http://x${await unsubscribeLink(a, 'donations-open-confirm')}`).searchParams.get('token')!;
    const [key, secret] = confirm.split('.') as [string, string];
    const other = `${'a'.repeat(43)}`;
    const get = (route: string, token?: string) =>
      request(server())
        .get(`/api/notify/donations-open/${route}`)
        .query(token === undefined ? {} : { token });
    const refused = {
      error: expect.any(String),
      code: 'LINK_INVALID',
      message: 'This link is not valid or has expired.',
    };
    for (const route of ['confirm', 'unsubscribe']) {
      for (const token of [
        undefined,
        '',
        'nope',
        `${key}.short`,
        `${key.toUpperCase()}.${secret}`,
        `${key}.${secret}x`,
      ])
        expect((await get(route, token)).body).toEqual({ ...refused, error: 'Bad Request' });
      expect((await get(route, `${key}.${other}`)).status).toBe(404);
      // Another address's key with this secret.
      expect((await get(route, `${emailKey(address('x'))}.${secret}`)).status).toBe(404);
    }
    // The unsubscribe token confirms nothing, and the confirmation token unsubscribes no one.
    expect((await get('confirm', leave)).body).toEqual({ ...refused, error: 'Not Found' });
    expect((await get('unsubscribe', confirm)).status).toBe(404);
    expect(await types(a)).toEqual(['DonationsOpenSubscribed', 'DonationsOpenConfirmationSent']);

    // A browser (a click in a mail) is sent to the support page with the outcome.
    const browse = (route: string, token: string) =>
      request(server()).get(`/api/notify/donations-open/${route}`).query({ token }).set('Accept', 'text/html,*/*');
    const bad = await browse('confirm', `${key}.${other}`);
    expect([bad.status, bad.headers.location]).toEqual([303, '/support?notify=invalid-link']);
    const good = await browse('confirm', confirm);
    expect([good.status, good.headers.location, good.headers['cache-control']]).toEqual([
      303,
      '/support?notify=confirmed',
      'no-store',
    ]);
    // A second click is still a success (the address stays confirmed).
    expect((await get('confirm', confirm)).body).toEqual({
      message: "Your address is confirmed: we'll email you as soon as donations open.",
    });
    const gone = await browse('unsubscribe', leave);
    expect([gone.status, gone.headers.location]).toEqual([303, '/support?notify=unsubscribed']);
    expect((await get('unsubscribe', leave)).body).toEqual({
      message: "You're off the list: we won't email you about donations.",
    });
    // Off the list, its confirmation link no longer confirms it.
    expect((await get('confirm', confirm)).status).toBe(404);
  });

  it('mails only confirmed addresses when donations open, each mail with an unsubscribe link that works', async () => {
    const [unconfirmed, confirmed, left, stays] = [
      address('pending'),
      address('confirmed'),
      address('left'),
      address('stays'),
    ];
    for (const a of [unconfirmed, confirmed, left, stays]) await signUp(a).expect(200);
    for (const a of [confirmed, left, stays])
      await request(server())
        .get(await confirmLink(a))
        .expect(200);
    await request(server())
      .get(await unsubscribeLink(left, 'donations-open-confirm'))
      .expect(200);
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
    expect(mail!.links[1]).toMatch(/\/api\/notify\/donations-open\/unsubscribe\?token=/);
    for (const nobody of [unconfirmed, left, member.email]) {
      expect(await sent(nobody, 'donations-open')).toEqual([]);
      expect(await types(nobody)).not.toContain('DonationsOpenNotified');
    }

    // The mail's unsubscribe link: off the list, and the sealed address forgotten.
    const stream = await rt().platform.eventStore.readStream(notifyStream(emailKey(confirmed)));
    const { vaultSubject, sealedEmail } = stream[0]!.data as { vaultSubject: string; sealedEmail: string };
    const vault = rt().http!.get(PERSONAL_DATA_VAULT);
    expect(await vault.open(vaultSubject, sealedEmail)).toMatchObject({ email: confirmed });
    await request(server()).get(path(mail!.links[1]!)).expect(200);
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
