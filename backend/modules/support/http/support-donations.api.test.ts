import type { OutboxMail } from '@modules/mail';
import { sandboxCallback } from '@modules/payments/testing/sandbox-callbacks';
import { handleCommand } from '@platform/decider/handle-command';
import { verifyLedger } from '@projections/support';
import { anonymous, type Member, registerMember } from '@testing/members';
import request from 'supertest';

import { eventually } from '../../../src/testing/eventually';
import { describeOnProfiles } from '../../../src/testing/profiles';
import { donationDecider } from '../domain/donation.decider';
import { DonationsService } from '../donations.service';
import { donationStream } from '../events';
import { supportApi } from '../testing/support-api';
import { admin, paymentProviders, registerOrphan, sandboxPaidWebhook, send } from '../testing/support-fixtures';
import { PaymentWebhooksProbe } from '../testing/webhooks-probe';
import type { DonateAnswer, Orphan } from '../views';

describeOnProfiles(
  'orphan support: donations, ledger, registry',
  (rt) => {
    const { server, head, types, ledger, settled, donate } = supportApi(rt);

    let boss: Member;
    let member: Member;
    beforeAll(async () => {
      boss = await admin(rt());
      member = await registerMember(rt());
      // Where support.api.test.ts leaves them after the opening: donations are open.
      await send(boss, 'put', '/api/admin/donations', { paused: false }).expect(200);
    });

    it('refuses bad donations with clear messages and records nothing', async () => {
      const before = await head();
      const cases: [object, number, string][] = [
        [{ isAnonymous: false, method: 'card' }, 400, 'Please enter an amount'],
        [{ amount: 0, method: 'card' }, 400, 'The amount must be above 0'],
        [{ amount: -500, method: 'card' }, 400, 'The amount must be above 0'],
        [{ amount: '-500', method: 'card' }, 400, 'The amount must be above 0'],
        [{ amount: 'NaN', method: 'card' }, 400, 'Please enter a valid amount in KSh (at most two decimals)'],
        [{ amount: '12.345', method: 'card' }, 400, 'Please enter a valid amount in KSh (at most two decimals)'],
        [{ amount: 100000.01, method: 'card' }, 400, 'The amount must be at most KSh 100,000'],
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

      // A donation reads 'paid' only once the public figures show it: the donor's screen refetches
      // them the moment it reads 'paid' (services' donation() waits for the support projector).
      const before = await ledger();
      expect(before.entries.map((e) => e.id)).toEqual(expect.arrayContaining([card.donationId, mpesa.donationId]));
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
      // Paid as the donor reads it is paid in the ledger too.
      const { collected: collectedBefore, entries } = await ledger();
      expect(entries.map((e) => e.id)).toContain(twice.donationId);
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
      const hidden = (
        await donate(donor, { amount: 200, isAnonymous: true, method: 'card' })
          // Given in Arabic: its receipt is Arabic.
          .set('Accept-Language', 'ar')
          .expect(201)
      ).body;
      await settled(donor, named.donationId);
      await settled(donor, hidden.donationId);
      // A receipt for each, in the language each was given in, saying whether the ledger names the donor.
      const receipts = await eventually(
        async () => {
          await rt().platform.jobQueue.idle();
          const res = await request(server()).get('/api/dev/outbox').query({ to: donor.email.toLowerCase() });
          return (res.body.mails as OutboxMail[]).filter((m) => m.template === 'donation-receipt');
        },
        (found) => found.length >= 2,
        'both donation receipts',
      );
      const byLocale = new Map(receipts.map((m) => [m.locale, m]));
      expect(byLocale.get('en')).toMatchObject({ subject: 'Your DeenConnect receipt for a donation of KSh\u00a0300' });
      expect(byLocale.get('en')!.text).toContain('The public ledger shows it with your name.');
      expect(byLocale.get('ar')).toMatchObject({ subject: 'إيصال تبرعك بمبلغ 200\u00a0شلن لدى DeenConnect' });
      expect(byLocale.get('ar')!.text).toContain('يظهر تبرعك في السجل العام دون اسمك.');
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
