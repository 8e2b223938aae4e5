import { emailKey } from '@modules/identity';
import { MailService } from '@modules/mail';
import { PERSONAL_DATA_VAULT } from '@platform/tokens';
import { anonymous, latestLink, mailsTo, type Member, registerMember } from '@testing/members';
import { registerVerifiedMember } from '@testing/verified-member';
import request from 'supertest';

import { eventually } from '../../../src/testing/eventually';
import { describeOnProfiles } from '../../../src/testing/profiles';
import { donationsOpenMailProcessor } from '../donations-open-mail';
import { DONATION_SETTINGS_STREAM, notifyStream } from '../events';
import { supportApi } from '../testing/support-api';
import { admin, send } from '../testing/support-fixtures';
import type { NotifyAnswer } from '../views';

describeOnProfiles(
  'orphan support: paused flag, notify-me, the opening',
  (rt) => {
    const { server, head, types, donate } = supportApi(rt);

    let boss: Member;
    let member: Member;
    beforeAll(async () => {
      boss = await admin(rt());
      member = await registerMember(rt());
    });

    it('starts paused; only admins switch it (401 guest, 403 member), recorded with the admin as actor', async () => {
      expect((await request(server()).get('/api/donations/status').expect(200)).body).toEqual({
        paused: true,
        maxAmount: '100000',
      });
      const guest = await anonymous(rt());
      await guest.agent
        .put('/api/admin/donations')
        .set('X-CSRF-Token', guest.token)
        .send({ paused: false })
        .expect(401);
      const refused = await send(member, 'put', '/api/admin/donations', { paused: false }).expect(403);
      expect(refused.body).toMatchObject({ code: 'FORBIDDEN', message: 'Only admins can manage orphan support' });
      await send(boss, 'put', '/api/admin/donations', { paused: 'no' }).expect(400);
      expect(await types(DONATION_SETTINGS_STREAM)).toEqual([]);
      // Pausing what is paused records nothing.
      expect((await send(boss, 'put', '/api/admin/donations', { paused: true }).expect(200)).body.paused).toBe(true);
      expect(await types(DONATION_SETTINGS_STREAM)).toEqual([]);
    });

    it('refuses a donation while paused with 409 and records nothing', async () => {
      const before = await head();
      const res = await donate(member, { amount: 1000, isAnonymous: false, method: 'card' }).expect(409);
      expect(res.body).toEqual({
        error: 'Conflict',
        code: 'DONATIONS_PAUSED',
        message: 'Donations are paused at the moment. Ask to be notified when they open.',
      });
      expect(await head()).toBe(before);
      const guest = await anonymous(rt());
      const asGuest = await guest.agent.post('/api/donate').set('X-CSRF-Token', guest.token).send({ amount: 1000 });
      expect(asGuest.status).toBe(401);
      expect(asGuest.body.message).toBe('Please log in to donate');
    });

    const guestAddresses = [`zainab.${Date.now()}@example.test`, `yusuf.${Date.now()}@example.test`];

    it('validates a guest notify-me request and deduplicates by the normalised address', async () => {
      const guest = await anonymous(rt());
      const notify = (body: object) =>
        guest.agent.post('/api/notify/donations-open').set('X-CSRF-Token', guest.token).send(body);
      const before = await head();
      for (const [body, message] of [
        [{}, 'Please enter your email address'],
        [{ email: '   ' }, 'Please enter your email address'],
        [{ email: 'zainab@' }, 'Please enter a valid email address'],
        [{ email: 'not an address' }, 'Please enter a valid email address'],
        [{ email: 42 }, 'Please enter a valid email address'],
      ] as const) {
        const res = await notify(body).expect(400);
        expect(res.body.message).toBe(message);
      }
      expect(await head()).toBe(before);

      const first = (await notify({ email: guestAddresses[0] }).expect(200)).body as NotifyAnswer;
      expect(first).toEqual({ subscribed: true, message: "We'll email you as soon as donations open." });
      // The same answer for an address already on the list: the route tells nobody who is on it.
      const again = (await notify({ email: `  ${guestAddresses[0]!.toUpperCase()} ` }).expect(200)).body;
      expect(again).toEqual(first);
      await notify({ email: guestAddresses[1] }).expect(200);
      // One subscription; asked again unconfirmed, the confirmation link went again (notify.api.test.ts).
      expect(await types(notifyStream(emailKey(guestAddresses[0]!)))).toEqual([
        'DonationsOpenSubscribed',
        'DonationsOpenConfirmationSent',
        'DonationsOpenConfirmationSent',
      ]);
      // Double opt-in: both guests press the button of their confirmation link's page, so the opening below mails them.
      for (const address of guestAddresses.slice(0, 2)) {
        const token = new URL(`http://x${await latestLink(rt(), address!, 'donations-open-confirm')}`).searchParams.get(
          'token',
        );
        await guest.agent
          .post('/api/notify/donations-open/confirm')
          .set('X-CSRF-Token', guest.token)
          .send({ token })
          .expect(200);
      }
      // The address is sealed: it never appears in the log as text.
      const raw = JSON.stringify(await rt().platform.eventStore.readStream(notifyStream(emailKey(guestAddresses[0]!))));
      expect(raw).not.toContain(guestAddresses[0]);
    });

    it('takes a signed-in member without an email (their account address, confirmed when verified), once', async () => {
      const m = await registerVerifiedMember(rt());
      const res = (await send(m, 'post', '/api/notify/donations-open').expect(200)).body as NotifyAnswer;
      expect(res.subscribed).toBe(true);
      expect(
        (await send(m, 'post', '/api/notify/donations-open', { email: 'ignored@example.test' }).expect(200)).body,
      ).toEqual(res);
      expect(await types(notifyStream(emailKey(m.email)))).toEqual([
        'DonationsOpenSubscribed',
        'DonationsOpenConfirmed',
      ]);
      expect((await mailsTo(rt(), m.email)).map((mail) => mail.template)).not.toContain('donations-open-confirm');
      guestAddresses.push(m.email);
    });

    it('opens donations: every subscriber is mailed once, and a retried job mails no one twice', async () => {
      const opened = (await send(boss, 'put', '/api/admin/donations', { paused: false }).expect(200)).body;
      expect(opened).toEqual({ paused: false, maxAmount: '100000' });
      const [event] = await rt().platform.eventStore.readStream(DONATION_SETTINGS_STREAM);
      expect(event).toMatchObject({
        type: 'DonationsOpened',
        data: { openedBy: boss.id },
        metadata: { actor: boss.id },
      });

      for (const address of guestAddresses) {
        const mails = await eventually(
          async () => (await mailsTo(rt(), address)).filter((m) => m.template === 'donations-open'),
          (m) => m.length > 0,
          `donations-open mail to ${address}`,
        );
        expect(mails).toHaveLength(1);
        expect(mails[0]!.subject).toBe('Donations are open on DeenConnect');
        expect(mails[0]!.links[0]).toMatch(/\/support$/);
      }

      // The job again (a retry after a crash): everyone is already recorded as told, nobody is mailed.
      const keys = guestAddresses.map((a) => emailKey(a));
      const sent: string[] = [];
      const real = rt().http!.get(MailService);
      const deps = {
        eventStore: rt().platform.eventStore,
        vault: rt().http!.get(PERSONAL_DATA_VAULT),
        supportUrl: 'http://localhost/support',
        publicUrl: 'http://localhost',
        logger: { info: () => undefined } as never,
      };
      const counting = { send: async (m: Parameters<MailService['send']>[0]) => (sent.push(m.to), real.send(m)) };
      await donationsOpenMailProcessor({ ...deps, mail: counting })(
        { openingId: event!.id, keys },
        {
          id: 'retry',
          name: 'x',
          attempt: 2,
        },
      );
      expect(sent).toEqual([]);

      // A job that fails half-way (the mail queue refused the second address), then retried.
      let calls = 0;
      const flaky = {
        send: async (m: Parameters<MailService['send']>[0]) => {
          if (++calls === 2) throw new Error('queue unavailable');
          sent.push(m.to);
          return real.send(m);
        },
      };
      const job = { openingId: 'opening-test', keys };
      await expect(
        donationsOpenMailProcessor({ ...deps, mail: flaky })(job, { id: 'j', name: 'x', attempt: 1 }),
      ).rejects.toThrow('queue unavailable');
      await donationsOpenMailProcessor({ ...deps, mail: counting })(job, { id: 'j', name: 'x', attempt: 2 });
      expect([...sent].sort()).toEqual(guestAddresses.map((a) => a.trim()).sort());
      for (const key of keys)
        expect((await types(notifyStream(key))).filter((t) => t === 'DonationsOpenNotified')).toHaveLength(2);
    });
  },
  { PAYMENTS_SANDBOX_DELAY_MS: '300' },
);
