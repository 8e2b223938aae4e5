import { type IncomingWebhook, PAYMENT_PROVIDERS, type PaymentProviders } from '@modules/payments';
import { bodyText } from '@modules/payments/adapters/payment-input';
import { sandboxCallback as signedSandboxCallback } from '@modules/payments/testing/sandbox-callbacks';
import { handleCommand } from '@platform/decider/handle-command';
import { newId } from '@platform/ids';
import { type Member, registerMember } from '@testing/members';
import request from 'supertest';

import type { Runtime } from '../../../src/runtime';
import { eventually } from '../../../src/testing/eventually';
import { CourseCards } from '../course-cards';
import { courseDecider } from '../domain/course.decider';
import { courseStream, enrolmentStream, orderStream } from '../events';
import type { OrderView } from '../views';

export interface TestCourse {
  courseId: string;
  lessonIds: string[];
  title: string;
}

/**
 * A published course by `teacherId`, made through the course decider on the runtime's event store
 * (the course routes are another part of the module), and listed in the catalogue before it returns.
 */
export async function publishedCourse(
  rt: Runtime,
  teacherId: string,
  options: { price?: string; lessons?: number; listed?: boolean } = {},
): Promise<TestCourse> {
  const courseId = newId();
  const title = `Arabic ${courseId.slice(-6)}`;
  const lessonIds = Array.from({ length: options.lessons ?? 2 }, (_, i) => `${courseId}-l${i + 1}`);
  const stream = courseStream(courseId);
  const now = new Date().toISOString();
  await handleCommand(
    rt.platform.eventStore,
    stream,
    courseDecider,
    {
      type: 'CreateCourse',
      courseId,
      actorId: teacherId,
      isTeacher: true,
      course: {
        title,
        description: `${title}, step by step.`,
        category: 'Arabic',
        level: 'beginner',
        price: options.price ?? '1500',
        promoPrice: null,
        thumbnailMediaId: null,
        previewVideoMediaId: null,
        whatYouWillLearn: ['Read short passages'],
        sections: [
          {
            id: `${courseId}-s1`,
            title: 'Start',
            lessons: lessonIds.map((id, i) => ({
              id,
              title: `Lesson ${i + 1}`,
              durationSec: 300,
              freePreview: i === 0,
              content: { kind: 'text' as const, text: 'ا ب ت' },
            })),
          },
        ],
      },
      now,
    },
    { actor: teacherId },
  );
  if (options.listed === false) return { courseId, lessonIds, title };
  await handleCommand(
    rt.platform.eventStore,
    stream,
    courseDecider,
    { type: 'PublishCourse', actorId: teacherId, now },
    {
      actor: teacherId,
    },
  );
  const cards = rt.http!.get(CourseCards);
  await eventually(
    () => cards.byIds([courseId]),
    (m) => m.has(courseId),
    `course ${courseId} in the catalogue`,
  );
  return { courseId, lessonIds, title };
}

/** What an order's `OrderPaymentRequested` asked the provider for. */
export interface RequestedPayment {
  reference: string;
  payer?: string;
}

/**
 * What the checkout, payment and refund API tests do through the app: a member's writes (with the
 * session's CSRF token), their orders, an order's events, webhooks delivered as a provider posts
 * them, and a pending order to work on. `rt` is read at each call, so the client can be made in a
 * describe block before the runtime has started.
 */
export function commerceClient(rt: () => Runtime) {
  const server = () => rt().http!.getHttpServer();
  const post = (m: Member, path: string, body?: object) =>
    m.agent
      .post(path)
      .set('X-CSRF-Token', m.token)
      .send(body ?? {});
  const types = async (stream: string) => (await rt().platform.eventStore.readStream(stream)).map((e) => e.type);
  const order = async (m: Member, id: string) => (await m.agent.get(`/api/orders/${id}`).expect(200)).body as OrderView;
  const orders = async (m: Member) => (await m.agent.get('/api/orders').expect(200)).body as OrderView[];
  const providers = () => rt().http!.get<symbol, PaymentProviders>(PAYMENT_PROVIDERS);
  /** Every payment the order asked a provider for, oldest first. */
  const requested = async (orderId: string) =>
    (await rt().platform.eventStore.readStream(orderStream(orderId)))
      .filter((e) => e.type === 'OrderPaymentRequested')
      .map((e) => e.data as RequestedPayment);
  const requestedReference = async (orderId: string) => (await requested(orderId))[0]!.reference;
  const deliver = (hook: IncomingWebhook, path?: string) =>
    request(server())
      .post(path ?? hook.url)
      .set(hook.headers as Record<string, string>)
      // As text: superagent would send a Buffer as JSON of its bytes.
      .send(bodyText(hook.rawBody));
  /** The sandbox's callback, signed with the app's secret, for any reference (a forged one too). */
  const sandboxCallback = (orderId: string, reference: string, status: 'succeeded' | 'failed', amount: number) =>
    deliver(
      signedSandboxCallback(providers().sandbox!, {
        orderId,
        reference,
        status,
        amount,
        receipt: status === 'succeeded' ? 'SBX9' : null,
      }),
      '/api/payments/webhooks/sandbox',
    );
  /** Waits until the member is enrolled in the course, then counts the grants: 1 unless enrolled twice. */
  const enrolledOnce = (courseId: string, userId: string) =>
    eventually(
      () => types(enrolmentStream(courseId, userId)),
      (t) => t.length > 0,
      'enrolled',
    ).then((t) => t.filter((x) => x === 'EnrolmentGranted').length);
  /**
   * A new course of `teacher` at `price` and a new member's pending order of it (Buy Now, by card
   * unless `payment` says otherwise); `checkout` is the 201's body.
   */
  async function pendingOrder(teacher: Member, price: string, payment: object = { method: 'card' }) {
    const course = await publishedCourse(rt(), teacher.id, { price });
    const buyer = await registerMember(rt());
    const res = await post(buyer, '/api/checkout', {
      ...payment,
      courseIds: [course.courseId],
      expectedTotal: price,
    }).expect(201);
    const checkout = res.body as { orderId: string } & Record<string, unknown>;
    return { course, buyer, orderId: checkout.orderId, checkout };
  }
  return {
    server,
    post,
    types,
    order,
    orders,
    providers,
    requested,
    requestedReference,
    deliver,
    sandboxCallback,
    enrolledOnce,
    pendingOrder,
  };
}
