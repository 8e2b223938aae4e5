import { emailKey } from '@modules/identity';
import { MailService } from '@modules/mail';
import { sandboxCallback } from '@modules/payments/testing/sandbox-callbacks';
import { handleCommand } from '@platform/decider/handle-command';
import { PERSONAL_DATA_VAULT } from '@platform/tokens';
import { verifyLedger } from '@projections/support';
import { anonymous, latestLink, mailsTo, type Member, registerMember } from '@testing/members';
import { registerVerifiedMember } from '@testing/verified-member';
import request from 'supertest';

import { eventually } from '../../../src/testing/eventually';
import { describeOnProfiles } from '../../../src/testing/profiles';
import { donationDecider } from '../domain/donation.decider';
import { DonationsService } from '../donations.service';
import { donationsOpenMailProcessor } from '../donations-open-mail';
import { DONATION_SETTINGS_STREAM, donationStream, notifyStream } from '../events';
import { admin, paymentProviders, registerOrphan, sandboxPaidWebhook, send } from '../testing/support-fixtures';
import { PaymentWebhooksProbe } from '../testing/webhooks-probe';
import type { DonateAnswer, DonationView, LedgerPage, NotifyAnswer, Orphan } from '../views';

describeOnProfiles(
  'orphan support: paused flag, notify-me, donations, ledger',
  (rt) => {
    const server = () => rt().http!.getHttpServer();
    const head = () => rt().platform.eventStore.headCheckpoint();
    const types = async (stream: string) => (await rt().platform.eventStore.readStream(stream)).map((e) => e.type);
    const ledger = async (query = '') =>
      (await request(server()).get(`/api/donations/ledger${query}`).expect(200)).body as LedgerPage;
    const settled = (m: Member, id: string) =>
      eventually(
        async () => (await m.agent.get(`/api/donations/${id}`).expect(200)).body as DonationView,
        (d) => d.status !== 'pending',
        `donation ${id} settled`,
      );
    const donate = (m: Member, body: object) => send(m, 'post', '/api/donate', body);

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

    it('refuses bad donations with clear messages and records nothing', async () => {
      const before = await head();
      const cases: [object, number, string][] = [
        [{ isAnonymous: false, method: 'card' }, 400, 'Please enter an amount'],
        [{ amount: 0, method: 'card' }, 400, 'The amount must be above 0'],
        [{ amount: -500, method: 'card' }, 400, 'The amount must be above 0'],
        [{ amount: '-500', method: 'card' }, 400, 'The amount must be above 0'],
        [{ amount: 'NaN', method: 'card' }, 400, 'Please enter a valid amount in KES (at most two decimals)'],
        [{ amount: '12.345', method: 'card' }, 400, 'Please enter a valid amount in KES (at most two decimals)'],
        [{ amount: 100000.01, method: 'card' }, 400, 'The amount must be at most KES 100000'],
        [{ amount: 500, method: 'cash' }, 400, 'Choose M-Pesa or card'],
        [{ amount: 500, method: 'mpesa' }, 400, 'M-Pesa needs the phone number to send the payment request to'],
        [{ amount: 500, method: 'mpesa', phone: '12345' }, 400, 'Enter a Safaricom number such as 0712 345 678'],
        [
          { amount: '500.50', method: 'mpesa', phone: '0712345678' },
          400,
          'M-Pesa takes whole shillings only: the amount must be a multiple of 100 cents',
        ],
        [{ amount: 500, method: 'card', orphanId: 'no-such-orphan' }, 404, 'Orphan not found'],
      ];
      for (const [body, status, message] of cases) {
        const res = await donate(member, body);
        expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status, message });
      }
      expect(await head()).toBe(before);
    });

    it('takes a card and an M-Pesa donation in the sandbox through the webhook; a replayed webhook does nothing', async () => {
      const orphan = await registerOrphan(boss, { goal: '1500' });
      const card = (
        await donate(member, {
          amount: 1000,
          isAnonymous: false,
          method: 'card',
          cardNumber: '4242 4242 4242 4242',
          orphanId: orphan.id,
        }).expect(201)
      ).body as DonateAnswer;
      expect(card).toEqual({
        donationId: expect.any(String),
        status: 'pending',
        amount: '1000',
        provider: 'sandbox',
        clientAction: expect.objectContaining({ kind: 'sandbox' }),
      });
      const mpesa = (
        await donate(member, {
          amount: '500',
          isAnonymous: false,
          method: 'mpesa',
          phone: '0712 345 678',
          orphanId: orphan.id,
        }).expect(201)
      ).body as DonateAnswer;
      expect(mpesa.clientAction.kind).toBe('mpesa_stk');
      expect(await settled(member, card.donationId)).toMatchObject({ status: 'paid', method: 'card', amount: '1000' });
      expect(await settled(member, mpesa.donationId)).toMatchObject({ status: 'paid', method: 'mpesa' });
      // Someone else's donation is not found.
      await (await registerMember(rt())).agent.get(`/api/donations/${card.donationId}`).expect(404);

      const before = await ledger();
      const hook = await sandboxPaidWebhook(rt(), card.donationId);
      for (let i = 0; i < 2; i++)
        await request(server())
          .post('/api/payments/webhooks/sandbox')
          .set(hook.headers as Record<string, string>)
          .send(hook.rawBody as string)
          .expect(200);
      expect((await types(donationStream(card.donationId))).filter((t) => t === 'DonationPaid')).toHaveLength(1);
      expect((await ledger()).total).toBe(before.total);
      const orphans = (await request(server()).get('/api/orphans').expect(200)).body as Orphan[];
      expect(orphans.find((o) => o.id === orphan.id)).toMatchObject({ raised: '1500', goal: '1500' });
      // The phone number never reaches an event.
      expect(JSON.stringify(await rt().platform.eventStore.readStream(donationStream(mpesa.donationId)))).not.toMatch(
        /712 ?345 ?678/,
      );
      // A second payment of a paid donation is flagged, not counted, and given back by the reactor.
      const twice = (await donate(member, { amount: 400, method: 'card' }).expect(201)).body as DonateAnswer;
      await handleCommand(
        rt().platform.eventStore,
        donationStream(twice.donationId),
        donationDecider,
        { type: 'RequestPayment', provider: 'sandbox', reference: 'sbx_second', now: new Date().toISOString() },
        { actor: null },
      );
      expect(await settled(member, twice.donationId)).toMatchObject({ status: 'paid' });
      const collectedBefore = (await ledger()).collected;
      const second = sandboxCallback(paymentProviders(rt()).sandbox!, {
        orderId: twice.donationId,
        reference: 'sbx_second',
        amount: 400_00,
      });
      await new PaymentWebhooksProbe(rt()).deliver(second);
      const refunded = await eventually(
        () => rt().platform.eventStore.readStream(donationStream(twice.donationId)),
        (events) => events.some((e) => e.type === 'DonationRefundIssued'),
        'the second payment given back',
      );
      expect(refunded.find((e) => e.type === 'DonationPaymentFlagged')?.data).toMatchObject({ reason: 'already_paid' });
      expect(refunded.find((e) => e.type === 'DonationRefundIssued')?.data).toMatchObject({
        reference: 'sbx_second',
        status: 'refunded',
      });
      expect((await ledger()).collected).toBe(collectedBefore);
      // A declined sandbox card fails the donation with the provider's words.
      const declined = (
        await donate(member, {
          amount: 750,
          method: 'card',
          cardNumber: '4000 0000 0000 0002',
        }).expect(201)
      ).body as DonateAnswer;
      expect(await settled(member, declined.donationId)).toMatchObject({
        status: 'failed',
        failureReason: 'Your card was declined',
      });
    });

    it('never names an anonymous donor publicly; the ledger total is the sum of its entries', async () => {
      const donor = await registerMember(rt());
      const named = (await donate(donor, { amount: 300, isAnonymous: false, method: 'card' }).expect(201)).body;
      const hidden = (await donate(donor, { amount: 200, isAnonymous: true, method: 'card' }).expect(201)).body;
      await settled(donor, named.donationId);
      await settled(donor, hidden.donationId);
      const page = await ledger('?limit=100');
      const byId = new Map(page.entries.map((e) => [e.id, e]));
      expect(byId.get(named.donationId)).toMatchObject({ donor: donor.displayName, kind: 'donation', amount: '300' });
      expect(byId.get(hidden.donationId)).toMatchObject({ donor: 'Anonymous', amount: '200' });
      const text = JSON.stringify(page.entries.filter((e) => e.id === hidden.donationId));
      expect(text).not.toContain(donor.displayName);
      expect(text).not.toContain(donor.id);
      // The event keeps the donor.
      const [pledged] = await rt().platform.eventStore.readStream(donationStream(hidden.donationId));
      expect(pledged!.data).toMatchObject({ donorId: donor.id, isAnonymous: true });

      // Disbursements: admins only, never more than is held.
      const guest = await anonymous(rt());
      await guest.agent.post('/api/admin/disbursements').set('X-CSRF-Token', guest.token).send({}).expect(401);
      await send(member, 'post', '/api/admin/disbursements', { amount: 100, note: 'x' }).expect(403);
      const tooMuch = await send(boss, 'post', '/api/admin/disbursements', { amount: 10_000_000, note: 'x' }).expect(
        409,
      );
      expect(tooMuch.body.code).toBe('INSUFFICIENT_FUNDS');
      await send(boss, 'post', '/api/admin/disbursements', { amount: 100 }).expect(400);
      const out = await send(boss, 'post', '/api/admin/disbursements', {
        amount: '250',
        note: 'School fees, Kibera Primary, term 1',
      }).expect(201);
      expect(out.body).toMatchObject({
        kind: 'disbursement',
        amount: '250',
        donor: 'School fees, Kibera Primary, term 1',
      });

      const all = await ledger('?limit=100');
      expect(all.nextCursor).toBeNull();
      expect(all.entries[0]!.id).toBe(out.body.id);
      const cents = (s: string) => Math.round(Number(s) * 100);
      const sum = all.entries.reduce((n, e) => n + (e.kind === 'donation' ? cents(e.amount) : -cents(e.amount)), 0);
      expect(cents(all.total)).toBe(sum);
      const collected = all.entries.filter((e) => e.kind === 'donation').reduce((n, e) => n + cents(e.amount), 0);
      expect(cents(all.collected)).toBe(collected);
      // Paging: newest first, pages join up without gaps or repeats.
      const first = await ledger('?limit=2');
      const second = await ledger(`?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`);
      expect([...first.entries, ...second.entries].map((e) => e.id)).toEqual(all.entries.slice(0, 4).map((e) => e.id));
      await request(server()).get('/api/donations/ledger?limit=0').expect(400);
      await request(server()).get('/api/donations/ledger?cursor=nope').expect(400);
    });

    it('keeps the registry: unique ids, edits, auditors (admins only)', async () => {
      const o = await registerOrphan(boss, { uniqueId: 'ORP-KE-x9' });
      expect(o.uniqueId).toBe('X9');
      const dup = await send(boss, 'post', '/api/admin/orphans', {
        uniqueId: 'x9',
        location: 'Kisumu',
        status: 'Active',
        goal: 1000,
        story: 'A second child with the same id',
      }).expect(409);
      expect(dup.body.message).toBe('An orphan with this ID is already registered');
      await send(boss, 'post', '/api/admin/orphans', { uniqueId: 'x10', status: 'Missing' }).expect(400);
      await send(member, 'post', '/api/admin/orphans', {}).expect(403);
      const edited = await send(boss, 'patch', `/api/admin/orphans/${o.id}`, { status: 'Sponsored' }).expect(200);
      expect(edited.body).toMatchObject({ status: 'Sponsored', uniqueId: 'X9' });
      await send(boss, 'patch', '/api/admin/orphans/nope', { status: 'Sponsored' }).expect(404);

      const added = await send(boss, 'post', '/api/admin/auditors', {
        name: 'Amani Audit Partners LLP',
        logo: null,
        lastAuditDate: '2026-06-30',
        isoCertified: true,
        governmentApproved: true,
      }).expect(201);
      await send(boss, 'post', '/api/admin/auditors', { name: 'X', logo: null, lastAuditDate: '2999-01-01' }).expect(
        400,
      );
      await send(boss, 'patch', `/api/admin/auditors/${added.body.id}`, { isoCertified: false }).expect(200);
      expect((await request(server()).get('/api/auditors').expect(200)).body).toContainEqual({
        ...added.body,
        isoCertified: false,
      });
      await send(member, 'delete', `/api/admin/auditors/${added.body.id}`).expect(403);
      await send(boss, 'delete', `/api/admin/auditors/${added.body.id}`).expect(204);
      await send(boss, 'delete', `/api/admin/auditors/${added.body.id}`).expect(404);
    });

    it('adds up 1,000 concurrent donations, each paid by its webhook (some delivered twice)', async () => {
      await send(boss, 'put', '/api/admin/donations', { paused: false }).expect(200);
      const orphan = await registerOrphan(boss, { goal: '1000000' });
      const before = await ledger();
      const service = rt().http!.get(DonationsService);
      const donors = [member.id, boss.id];
      /** 100 to 700 KES (whole shillings, so M-Pesa takes them too). */
      const kes = (i: number) => ((i % 7) + 1) * 100;
      const answers = await Promise.all(
        Array.from({ length: 1000 }, (_, i) =>
          service.donate(
            donors[i % 2]!,
            {
              amount: kes(i) * 100,
              method: i % 2 ? 'card' : 'mpesa',
              phone: '0712345678',
              isAnonymous: i % 3 === 0,
              orphanId: i % 2 ? orphan.id : null,
            },
            { actor: donors[i % 2]! },
          ),
        ),
      );
      const probe = new PaymentWebhooksProbe(rt());
      // Delivered 50 at a time (each a request to the app); every tenth twice, as a provider retries.
      for (let i = 0; i < answers.length; i += 50)
        await Promise.all(
          answers
            .slice(i, i + 50)
            .map(async (a, j) =>
              probe.deliver(await sandboxPaidWebhook(rt(), a.donationId), (i + j) % 10 === 0 ? 2 : 1),
            ),
        );
      const expected = Array.from({ length: 1000 }, (_, i) => kes(i)).reduce((a, b) => a + b, 0);
      const toOrphan = Array.from({ length: 1000 }, (_, i) => (i % 2 ? kes(i) : 0)).reduce((a, b) => a + b, 0);
      const after = await eventually(
        () => ledger(),
        (l) => Number(l.collected) - Number(before.collected) >= expected,
        'all 1,000 donations in the ledger',
      );
      expect(Number(after.collected) - Number(before.collected)).toBe(expected);
      expect(Number(after.total) - Number(before.total)).toBe(expected);
      const orphans = (await request(server()).get('/api/orphans').expect(200)).body as Orphan[];
      expect(orphans.find((o) => o.id === orphan.id)?.raised).toBe(String(toOrphan));
      // What `npm run projections:verify` runs: the ledger recounted from the log, no drift.
      const verified = await verifyLedger(rt().platform.eventStore, rt().platform.readStore, rt().readModels);
      expect(verified.drift).toEqual([]);
      expect(verified.summary).toMatch(/^No drift: the ledger \(\d+ donations, 1 disbursements\)/);
    }, 240_000);
  },
  { PAYMENTS_SANDBOX_DELAY_MS: '300' },
);
