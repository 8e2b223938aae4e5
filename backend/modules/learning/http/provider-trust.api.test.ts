import { bodyText } from '@modules/payments/adapters/payment-input';
import { registerMember } from '@testing/members';

import { enrolmentStream, orderStream } from '../events';
import { commerceClient, publishedCourse } from '../testing/commerce-fixtures';
import { withFakeProviders } from '../testing/fake-providers-app';
import type { OrderView } from '../views';

/**
 * Issue 35 on the real providers' paths (fake Stripe and fake Daraja servers): a declined card is
 * paid again as the same order, and a correctly signed callback (Stripe's signature, Daraja's URL
 * token) for a reference the order never requested leaves the order untouched.
 */
describe('Stripe and M-Pesa: the same order after a decline, foreign references refused', () => {
  const app = withFakeProviders();
  const { post, deliver, order, types, enrolledOnce, requested, pendingOrder } = commerceClient(() => app.rt);
  const requestedReferences = async (orderId: string) => (await requested(orderId)).map((r) => r.reference);

  it('pays a declined Stripe card again as the same order and PaymentIntent, never a second order', async () => {
    const c = await publishedCourse(app.rt, app.teacher.id, { price: '1200' });
    const buyer = await registerMember(app.rt);
    await post(buyer, '/api/cart/add', { courseId: c.courseId }).expect(201);
    const first = await post(buyer, '/api/checkout', { method: 'card', expectedTotal: '1200' }).expect(201);
    const { orderId } = first.body as { orderId: string };
    const [reference] = await requestedReferences(orderId);

    await deliver(app.stripe.settle(reference!, 'decline')).expect(200);
    expect(await order(buyer, orderId)).toMatchObject({ status: 'pending' });

    // The screen checks out again: the pending order is named, no second order is placed.
    const again = await post(buyer, '/api/checkout', { method: 'card', expectedTotal: '1200' }).expect(409);
    expect(again.body).toMatchObject({ code: 'ORDER_PENDING', order: { id: orderId, status: 'pending' } });
    // Paying that order again: the same PaymentIntent and client secret (Stripe's idempotency key).
    const retry = await post(buyer, `/api/orders/${orderId}/pay`, {}).expect(200);
    expect(retry.body).toEqual({ ...first.body, orderId });
    expect(await requestedReferences(orderId)).toEqual([reference]);

    await deliver(app.stripe.settle(reference!, 'pay')).expect(200);
    expect(await order(buyer, orderId)).toMatchObject({ status: 'paid', provider: 'stripe' });
    expect(await enrolledOnce(c.courseId, buyer.id)).toBe(1);
    expect((await buyer.agent.get('/api/orders').expect(200)).body.map((o: OrderView) => o.id)).toEqual([orderId]);
    const created = app.stripe.requests.filter(
      (r) =>
        r.path === '/v1/payment_intents' &&
        r.method === 'POST' &&
        (r.form.metadata as { orderId?: string })?.orderId === orderId,
    );
    // Asked twice with one idempotency key: one PaymentIntent.
    expect(new Set(created.map((r) => r.headers['idempotency-key'])).size).toBe(1);
  });

  it('refuses a Stripe event, correctly signed, for a PaymentIntent the order never requested', async () => {
    const { course: c, buyer, orderId } = await pendingOrder(app.teacher, '800');
    const [reference] = await requestedReferences(orderId);
    const before = await types(orderStream(orderId));
    // Stripe's own event for this order, about another PaymentIntent (same amount, same orderId in its metadata).
    const genuine = JSON.parse(bodyText(app.stripe.settle(reference!, 'pay').rawBody)) as {
      data: { object: { id: string } };
    };
    for (const type of ['payment_intent.succeeded', 'payment_intent.payment_failed']) {
      const foreign = app.stripe.signedWebhook({
        ...genuine,
        id: `evt_foreign_${type}`,
        type,
        data: { object: { ...genuine.data.object, id: 'pi_never_requested' } },
      });
      const res = await deliver(foreign).expect(409);
      expect(res.body).toMatchObject({ code: 'PAYMENT_NOT_REQUESTED' });
    }
    expect(await types(orderStream(orderId))).toEqual(before);
    expect(await order(buyer, orderId)).toMatchObject({ status: 'pending' });
    expect(await types(enrolmentStream(c.courseId, buyer.id))).toEqual([]);
  });

  it('refuses a Daraja callback with the order’s valid URL token for a CheckoutRequestID it never requested', async () => {
    const {
      course: c,
      buyer,
      orderId,
      checkout,
    } = await pendingOrder(app.teacher, '250', { method: 'mpesa', phone: '0712345678' });
    const requestedId = (checkout.clientAction as { checkoutRequestId: string }).checkoutRequestId;
    const before = await types(orderStream(orderId));
    for (const answer of ['pay', 'decline'] as const) {
      const genuine = app.daraja.settle(requestedId, answer);
      // Daraja signs nothing: the URL's token names the order and amount, the body the payment.
      const foreign = {
        ...genuine,
        rawBody: bodyText(genuine.rawBody).replaceAll(requestedId, 'ws_CO_never_requested'),
      };
      const refused = await deliver(foreign).expect(409);
      expect(refused.body).toMatchObject({ code: 'PAYMENT_NOT_REQUESTED' });
    }
    expect(await types(orderStream(orderId))).toEqual(before);
    expect(await order(buyer, orderId)).toMatchObject({ status: 'pending' });
    expect(await types(enrolmentStream(c.courseId, buyer.id))).toEqual([]);
  });
});
