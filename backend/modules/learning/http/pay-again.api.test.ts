import { CommandExecutor } from '@platform/decider/command-executor';
import type { Member } from '@testing/members';
import { registerMember } from '@testing/members';

import { eventually } from '../../../src/testing/eventually';
import { describeOnProfiles } from '../../../src/testing/profiles';
import { orderDecider } from '../domain/order.decider';
import { enrolmentStream, orderStream } from '../events';
import { LearningClock } from '../learning-clock';
import { ORDER_PAY_BUDGET } from '../limits';
import { commerceClient } from '../testing/commerce-fixtures';

const MINUTE = 60_000;
/** The app's defaults: ORDER_PENDING_TTL and PAYMENTS_TIMEOUT_MS. */
const TTL = 30 * MINUTE;
const PROVIDER_TIMEOUT = 10_000;

/**
 * Issue 35's attacks on `POST /api/orders/:id/pay` (sandbox; its payments never complete by
 * themselves here): a payment started as the order expires, whose money must still be given back;
 * STK pushes sent to any number through one pending order; a flood of them.
 */
describeOnProfiles(
  'paying a pending order again',
  (rt) => {
    const { post, types, order, providers, requested, sandboxCallback, pendingOrder } = commerceClient(rt);

    let teacher: Member;
    beforeAll(async () => {
      teacher = await registerMember(rt());
    });
    afterEach(() => jest.restoreAllMocks());

    it('starts no payment in the last minute and provider timeout before the order expires', async () => {
      const { buyer, orderId } = await pendingOrder(teacher, '300');
      const placedAt = Date.parse((await order(buyer, orderId)).createdAt);
      const clock = rt().http!.get(LearningClock);
      const start = jest.spyOn(providers().sandbox!, 'start');
      const lastStart = placedAt + TTL - PROVIDER_TIMEOUT - MINUTE;

      jest.spyOn(clock, 'now').mockReturnValue(new Date(lastStart - 1000));
      await post(buyer, `/api/orders/${orderId}/pay`).expect(200);
      expect(start).toHaveBeenCalledTimes(1);

      for (const at of [lastStart, lastStart + 1000, placedAt + TTL - 1000]) {
        jest.spyOn(clock, 'now').mockReturnValue(new Date(at));
        const refused = await post(buyer, `/api/orders/${orderId}/pay`).expect(409);
        expect(refused.body).toEqual({
          error: 'Conflict',
          message: 'This order is no longer waiting for payment',
          code: 'ORDER_NOT_PENDING',
        });
      }
      expect(start).toHaveBeenCalledTimes(1);
      expect(await order(buyer, orderId)).toMatchObject({ status: 'pending' });
    });

    it('records a payment the provider started as the order expired, so its late success is given back', async () => {
      const {
        buyer,
        orderId,
        course: { courseId },
      } = await pendingOrder(teacher, '450', { method: 'mpesa', phone: '0712345678' });
      const sandbox = providers().sandbox!;
      const start = sandbox.start.bind(sandbox);
      // The expiry lands between the provider's answer and the record of its reference.
      jest.spyOn(sandbox, 'start').mockImplementation(async (input) => {
        const started = await start(input);
        await rt()
          .http!.get(CommandExecutor)
          .execute(
            orderStream(orderId),
            orderDecider,
            { type: 'ExpireOrder', ttlMs: 0, now: new Date().toISOString() },
            { actor: null },
          );
        return started;
      });
      const refused = await post(buyer, `/api/orders/${orderId}/pay`, { phone: '0712345678' }).expect(409);
      expect(refused.body).toMatchObject({ code: 'ORDER_NOT_PENDING' });
      const late = (await requested(orderId)).at(-1)!.reference;
      expect((await types(orderStream(orderId))).slice(-2)).toEqual(['OrderExpired', 'OrderPaymentRequested']);

      // The payer enters the PIN anyway: the callback is ours (not 409 PAYMENT_NOT_REQUESTED), and refunded.
      await sandboxCallback(orderId, late, 'succeeded', 45_000).expect(200);
      await eventually(
        () => rt().platform.eventStore.readStream(orderStream(orderId)),
        (events) =>
          events.some(
            (e) => e.type === 'OrderPaymentFlagged' && (e.data as { reference: string }).reference === late,
          ) &&
          events.some((e) => e.type === 'OrderRefundIssued' && (e.data as { reference: string }).reference === late),
        'the late payment flagged and given back',
      );
      expect(await order(buyer, orderId)).toMatchObject({ status: 'expired' });
      expect(await types(enrolmentStream(courseId, buyer.id))).toEqual([]);
    });

    it('sends an M-Pesa order’s prompts only to the number it was placed with, which no event holds', async () => {
      const { buyer, orderId } = await pendingOrder(teacher, '500', { method: 'mpesa', phone: '0712 345 678' });
      const start = jest.spyOn(providers().sandbox!, 'start');
      for (const victim of ['0722000111', '+254 110 000 111']) {
        const refused = await post(buyer, `/api/orders/${orderId}/pay`, { phone: victim }).expect(409);
        expect(refused.body).toEqual({
          error: 'Conflict',
          message:
            'This order is paid from the M-Pesa number it was placed with: use that number, or place a new order',
          code: 'PAYER_CHANGED',
        });
      }
      expect(start).not.toHaveBeenCalled();
      // The same number, however it is typed.
      await post(buyer, `/api/orders/${orderId}/pay`, { phone: '+254712345678' }).expect(200);
      expect(start).toHaveBeenCalledTimes(1);
      expect(start.mock.calls[0]![0].phone).toBe('+254712345678');
      const payers = (await requested(orderId)).map((r) => r.payer);
      expect(payers).toHaveLength(2);
      expect(new Set(payers).size).toBe(1);
      const log = JSON.stringify(await rt().platform.eventStore.readStream(orderStream(orderId)));
      expect(log).not.toMatch(/712\s?345\s?678/);
    });

    it(`holds each member to ${ORDER_PAY_BUDGET.member.limit} payment starts in 10 minutes`, async () => {
      const { buyer, orderId } = await pendingOrder(teacher, '350');
      for (let i = 0; i < ORDER_PAY_BUDGET.member.limit; i++)
        await post(buyer, `/api/orders/${orderId}/pay`).expect(200);
      const over = await post(buyer, `/api/orders/${orderId}/pay`).expect(429);
      expect(over.body).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    });
  },
  { PAYMENTS_SANDBOX_DELAY_MS: '60000' },
);
