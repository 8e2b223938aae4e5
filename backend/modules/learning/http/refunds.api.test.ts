import { anonymous, type Member, registerMember } from '@testing/members';

import { eventually } from '../../../src/testing/eventually';
import { describeOnProfiles } from '../../../src/testing/profiles';
import { enrolmentStream, orderStream } from '../events';
import { LearningClock } from '../learning-clock';
import { commerceClient, publishedCourse, type TestCourse } from '../testing/commerce-fixtures';
import { completeLesson, moderator } from '../testing/courses';
import type { CourseDetail, LearnView, OrderView, Review } from '../views';

const DAY = 24 * 60 * 60_000;

describeOnProfiles(
  'learning: refunds against consumed courses, moderators’ refunds, reviews of refunded students',
  (rt) => {
    const { post, types, order, providers } = commerceClient(rt);
    const detail = async (m: Member, courseId: string) =>
      (await m.agent.get(`/api/courses/${courseId}`).expect(200)).body as CourseDetail;
    const learn = async (m: Member, courseId: string) =>
      (await m.agent.get(`/api/courses/${courseId}/learn`).expect(200)).body as LearnView;
    const reviews = async (m: Member, courseId: string) =>
      ((await m.agent.get(`/api/courses/${courseId}/reviews`).expect(200)).body as { reviews: Review[] }).reviews;
    const sandboxRefunds = () => jest.spyOn(providers().sandbox!, 'refund');

    /** Checkout of one course by card in the sandbox, until it is paid and the buyer enrolled. */
    async function buy(buyer: Member, course: TestCourse, price: string): Promise<string> {
      const res = await post(buyer, '/api/checkout', {
        method: 'card',
        courseIds: [course.courseId],
        expectedTotal: price,
      }).expect(201);
      const orderId = res.body.orderId as string;
      await eventually(
        () => order(buyer, orderId),
        (o) => o.status === 'paid',
        `order ${orderId} paid`,
      );
      await eventually(
        () => detail(buyer, course.courseId),
        (d) => d.viewer.enrolled,
        'enrolled by the order',
      );
      return orderId;
    }
    async function complete(buyer: Member, course: TestCourse, count: number) {
      for (const lessonId of course.lessonIds.slice(0, count))
        await completeLesson(rt(), course.courseId, buyer.id, course.lessonIds, lessonId);
    }

    let teacher: Member;
    let mod: Member;
    beforeAll(async () => {
      teacher = await registerMember(rt());
      mod = await moderator(rt());
    });
    afterEach(() => jest.restoreAllMocks());

    it('refuses a refund at 31% completion with 409 COURSE_CONSUMED, and says so on the order and the course page', async () => {
      const course = await publishedCourse(rt(), teacher.id, { price: '1200', lessons: 100 });
      const buyer = await registerMember(rt());
      const orderId = await buy(buyer, course, '1200');
      const eligible = { eligible: true, reason: null, maxProgress: 0.3, consumedCourseIds: [] };
      expect((await order(buyer, orderId)).refund).toMatchObject(eligible);
      expect((await detail(buyer, course.courseId)).viewer.refund).toMatchObject({ orderId, ...eligible });

      await complete(buyer, course, 31);
      const refunds = sandboxRefunds();
      const refused = await post(buyer, `/api/orders/${orderId}/refund`).expect(409);
      expect(refused.body).toEqual({
        error: 'Conflict',
        message:
          'You have completed or opened more than 30% of the lessons of a course in this order, so it can no longer be refunded',
        code: 'COURSE_CONSUMED',
      });
      // Nothing half done: the provider was not asked, the order is paid, the student still enrolled.
      expect(refunds).not.toHaveBeenCalled();
      expect(await types(orderStream(orderId))).not.toContain('OrderRefunded');
      const refusal = {
        eligible: false,
        reason: 'COURSE_CONSUMED',
        maxProgress: 0.3,
        consumedCourseIds: [course.courseId],
      };
      const kept = await order(buyer, orderId);
      expect(kept).toMatchObject({ status: 'paid', refund: { ...refusal, until: kept.refundableUntil } });
      const page = await detail(buyer, course.courseId);
      expect(page.viewer).toMatchObject({ enrolled: true, refund: { orderId, ...refusal } });
      expect((await learn(buyer, course.courseId)).refund).toMatchObject({ orderId, ...refusal });
      expect((await buyer.agent.get('/api/orders').expect(200)).body[0]).toMatchObject({
        id: orderId,
        refund: refusal,
      });

      // Every lesson done (the attack as it was): refused the same way.
      await complete(buyer, course, 100);
      await post(buyer, `/api/orders/${orderId}/refund`).expect(409);
    });

    it('refunds at 30% completion, and tells a stranger nothing', async () => {
      const course = await publishedCourse(rt(), teacher.id, { price: '800', lessons: 10 });
      const buyer = await registerMember(rt());
      const orderId = await buy(buyer, course, '800');
      await complete(buyer, course, 3);
      expect((await order(buyer, orderId)).refund).toMatchObject({ eligible: true, reason: null });
      const stranger = await registerMember(rt());
      await post(stranger, `/api/orders/${orderId}/refund`).expect(404);
      expect((await detail(stranger, course.courseId)).viewer.refund).toBeNull();

      const refunded = (await post(buyer, `/api/orders/${orderId}/refund`).expect(200)).body as OrderView;
      expect(refunded).toMatchObject({
        status: 'refunded',
        refund: { eligible: false, reason: 'ORDER_NOT_PAID', until: null },
      });
      await eventually(
        () => detail(buyer, course.courseId),
        (d) => !d.viewer.enrolled && d.viewer.refund === null,
        'enrolment revoked by the refund',
      );
      // A free course has no order to refund.
      const free = await publishedCourse(rt(), teacher.id, { price: '0' });
      await post(buyer, `/api/course/${free.courseId}/enroll`).expect(201);
      expect((await detail(buyer, free.courseId)).viewer).toMatchObject({ enrolled: true, refund: null });
      expect((await learn(buyer, free.courseId)).refund).toBeNull();
    });

    it('says when the 7-day window has closed', async () => {
      const course = await publishedCourse(rt(), teacher.id, { price: '500' });
      const buyer = await registerMember(rt());
      const orderId = await buy(buyer, course, '500');
      jest.spyOn(rt().http!.get(LearningClock), 'now').mockReturnValue(new Date(Date.now() + 7 * DAY + 60_000));
      expect((await order(buyer, orderId)).refund).toMatchObject({ eligible: false, reason: 'REFUND_WINDOW_CLOSED' });
      const late = await post(buyer, `/api/orders/${orderId}/refund`).expect(409);
      expect(late.body.code).toBe('REFUND_WINDOW_CLOSED');
    });

    it('lets a moderator refund a consumed order by hand with a reason, audited; members get 403', async () => {
      const course = await publishedCourse(rt(), teacher.id, { price: '900', lessons: 4 });
      const buyer = await registerMember(rt());
      const orderId = await buy(buyer, course, '900');
      await complete(buyer, course, 4);
      await post(buyer, `/api/orders/${orderId}/refund`).expect(409);
      const path = `/api/admin/orders/${orderId}/refund`;

      const guest = await anonymous(rt());
      await guest.agent.post(path).set('X-CSRF-Token', guest.token).send({ reason: 'x' }).expect(401);
      for (const member of [buyer, teacher]) {
        const denied = await post(member, path, { reason: 'I want my money back' }).expect(403);
        expect(denied.body).toMatchObject({
          code: 'FORBIDDEN',
          message: 'Only moderators and admins can refund an order by hand',
        });
      }
      expect((await post(mod, path, {}).expect(400)).body.message).toContain(
        'A reason is required to refund an order by hand',
      );
      await post(mod, path, { reason: 42 }).expect(400);
      expect((await post(mod, path, { reason: '   ' }).expect(400)).body.message).toBe(
        'A reason is required to refund an order by hand',
      );
      expect((await post(mod, path, { reason: 'x'.repeat(501) }).expect(400)).body.message).toBe(
        'Reason must be 500 characters or less',
      );
      await post(mod, '/api/admin/orders/no-such-order/refund', { reason: 'Charged twice' }).expect(404);
      expect(await types(orderStream(orderId))).not.toContain('OrderRefunded');

      // Past the buyer's window too: a support case.
      jest.spyOn(rt().http!.get(LearningClock), 'now').mockReturnValue(new Date(Date.now() + 10 * DAY));
      const refunded = (await post(mod, path, { reason: '  The bank charged the card twice  ' }).expect(200))
        .body as OrderView;
      expect(refunded).toMatchObject({ id: orderId, status: 'refunded', refundStatus: 'refunded' });
      await post(mod, path, { reason: 'Again' }).expect(409);
      await eventually(
        () => types(enrolmentStream(course.courseId, buyer.id)),
        (t) => t.includes('EnrolmentRevoked'),
        'enrolment revoked by the moderator’s refund',
      );

      const history = (await mod.agent.get(`/api/admin/audit/streams/order-${orderId}/events`).expect(200)).body as {
        items: { type: string; actor: { id: string } | null; data: Record<string, unknown> }[];
      };
      const refundEvent = history.items.find((e) => e.type === 'OrderRefunded');
      expect(refundEvent).toMatchObject({
        actor: { id: mod.id, username: mod.username },
        data: { refundedBy: mod.id, reason: 'The bank charged the card twice', userId: buyer.id },
      });
      const state = (
        await mod.agent
          .get(`/api/admin/audit/streams/order-${orderId}/state?at=${history.items.indexOf(refundEvent!)}`)
          .expect(200)
      ).body.state;
      expect(state).toMatchObject({ status: 'refunded' });
      await buyer.agent.get(`/api/admin/audit/streams/order-${orderId}/events`).expect(403);
    });

    it("takes a refunded student's review out of the rating, the counts and the list; enrolling again restores it", async () => {
      const course = await publishedCourse(rt(), teacher.id, { price: '600' });
      const honest = await registerMember(rt());
      const attacker = await registerMember(rt());
      await buy(honest, course, '600');
      await post(honest, `/api/courses/${course.courseId}/reviews`, { rating: 4, comment: 'Clear' }).expect(201);
      const orderId = await buy(attacker, course, '600');
      await post(attacker, `/api/courses/${course.courseId}/reviews`, { rating: 1, comment: 'Bad' }).expect(201);
      const before = await detail(teacher, course.courseId);
      expect(before).toMatchObject({ reviewsCount: 2, totalStudents: 2, reviewsSummary: { count: 2 } });
      expect((await reviews(teacher, course.courseId)).map((r) => r.user.id).sort()).toEqual(
        [honest.id, attacker.id].sort(),
      );

      await post(attacker, `/api/orders/${orderId}/refund`).expect(200);
      const after = await eventually(
        () => detail(teacher, course.courseId),
        (d) => d.totalStudents === 1,
        'the refund counted',
      );
      expect(after).toMatchObject({
        reviewsCount: 1,
        totalStudents: 1,
        rating: (await detail(honest, course.courseId)).rating,
        reviewsSummary: { count: 1, distribution: { '1': 0, '2': 0, '3': 0, '4': 1, '5': 0 } },
      });
      expect(after.rating).toMatch(/^4/);
      expect((await reviews(teacher, course.courseId)).map((r) => r.user.id)).toEqual([honest.id]);
      expect((await detail(attacker, course.courseId)).viewer.review).toBeNull();
      // Not enrolled, a refunded student cannot write again.
      await post(attacker, `/api/courses/${course.courseId}/reviews`, { rating: 1, comment: 'Again' }).expect(403);
      const listed = (await teacher.agent.get('/api/courses?limit=50').expect(200)).body as {
        courses: { id: string; reviewsCount: number; totalStudents: number }[];
      };
      expect(listed.courses.find((c) => c.id === course.courseId)).toMatchObject({ reviewsCount: 1, totalStudents: 1 });

      // Bought again: the review counts again, as it was.
      await buy(attacker, course, '600');
      const restored = await eventually(
        () => detail(teacher, course.courseId),
        (d) => d.reviewsCount === 2,
        'the review restored',
      );
      expect(restored).toMatchObject({ totalStudents: 2, reviewsSummary: { count: 2 } });
      expect((await reviews(teacher, course.courseId)).map((r) => r.user.id).sort()).toEqual(
        [honest.id, attacker.id].sort(),
      );
      expect((await detail(attacker, course.courseId)).viewer.review).toMatchObject({ rating: 1, comment: 'Bad' });
    });
  },
  { PAYMENTS_SANDBOX_DELAY_MS: '300' },
);
