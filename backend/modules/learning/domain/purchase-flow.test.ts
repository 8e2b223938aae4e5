import { type Decider, type DomainEvent, fold, handleCommand } from '@platform/decider';
import { MemoryEventStore } from '@platform/event-store/memory.event-store';

import {
  cartStream,
  courseStream,
  enrolmentStream,
  orderStream,
  reviewStream,
  teacherApplicationStream,
} from '../events';
import { cartDecider } from './cart.decider';
import { courseDecider, courseLessons } from './course.decider';
import type { CourseInput } from './course-input';
import { enrolmentDecider } from './enrolment.decider';
import { orderDecider } from './order.decider';
import { reviewDecider } from './review.decider';
import { teacherApplicationDecider } from './teacher-application.decider';

/**
 * The deciders together, through the platform's handleCommand on the memory store, in the order the
 * services will chain them: what one stream decides is what the next command is told. It proves the
 * events carry enough for that (prices, course ids, sources) before any service exists.
 */
const T0 = Date.parse('2026-11-25T10:00:00.000Z');
const at = (ms = 0) => new Date(T0 + ms).toISOString();
const DAY = 24 * 60 * 60_000;

const course = (title: string, price: string): CourseInput => ({
  title,
  description: `${title}, step by step.`,
  category: 'Arabic',
  level: 'beginner',
  price,
  promoPrice: null,
  thumbnailMediaId: null,
  previewVideoMediaId: null,
  whatYouWillLearn: ['Read short passages'],
  sections: [
    {
      id: `${title}-s1`,
      title: 'Start',
      lessons: [
        {
          id: `${title}-l1`,
          title: 'Letters',
          durationSec: 300,
          freePreview: true,
          content: { kind: 'text', text: 'ا ب ت' },
        },
      ],
    },
  ],
});

describe('learning deciders together: apply, teach, buy, learn, review, refund', () => {
  const store = new MemoryEventStore();
  const run = <S, C, E extends DomainEvent>(decider: Decider<S, C, E>, streamId: string, command: C) =>
    handleCommand(store, streamId, decider, command, { actor: 'test' });
  const state = async <S, E extends DomainEvent>(decider: Decider<S, never, E>, streamId: string) =>
    fold(
      decider,
      (await store.readStream(streamId)).map((e) => ({ type: e.type, data: e.data }) as E),
    );
  const enrolled = async (courseId: string) =>
    (await state(enrolmentDecider, enrolmentStream(courseId, 'student'))).enrolled;

  it('runs the whole purchase and its refund', async () => {
    await run(teacherApplicationDecider, teacherApplicationStream('teacher'), {
      type: 'ApplyAsTeacher',
      userId: 'teacher',
      bio: 'Teaches Arabic in Mombasa',
      topics: ['Arabic'],
      priceRange: '$0 - $25',
      now: at(),
    });
    await run(teacherApplicationDecider, teacherApplicationStream('teacher'), {
      type: 'ApproveTeacherApplication',
      actorId: 'mod',
      actorRole: 'moderator',
      now: at(),
    });
    const isTeacher =
      (await state(teacherApplicationDecider, teacherApplicationStream('teacher'))).status === 'approved';
    for (const [id, price] of [
      ['c1', '1500'],
      ['c2', '999.50'],
    ] as const) {
      await run(courseDecider, courseStream(id), {
        type: 'CreateCourse',
        courseId: id,
        actorId: 'teacher',
        isTeacher,
        course: course(id, price),
        now: at(),
      });
      await run(courseDecider, courseStream(id), { type: 'PublishCourse', actorId: 'teacher', now: at() });
    }

    const facts = { published: true, free: false, owned: false };
    for (const courseId of ['c1', 'c2'])
      await run(cartDecider, cartStream('student'), {
        type: 'AddToCart',
        userId: 'student',
        courseId,
        course: facts,
        now: at(),
      });
    const cart = await state(cartDecider, cartStream('student'));
    const items = await Promise.all(
      cart.items.map(async (courseId) => {
        const c = await state(courseDecider, courseStream(courseId));
        return {
          courseId,
          teacherId: c.teacherId!,
          title: c.details!.title,
          price: c.details!.price,
          published: c.published,
          owned: false,
        };
      }),
    );
    const placed = await run(orderDecider, orderStream('o1'), {
      type: 'PlaceOrder',
      orderId: 'o1',
      userId: 'student',
      method: 'mpesa',
      items,
      now: at(),
    });
    expect(placed.state.total).toBe(249_950);

    // The provider's callback, delivered twice: the second pays, enrols and empties nothing.
    const callback = {
      type: 'RecordPayment',
      provider: 'mpesa',
      reference: 'ws_CO_1',
      amount: 249_950,
      now: at(1000),
    } as const;
    for (let delivery = 0; delivery < 2; delivery++) {
      const paid = await run(orderDecider, orderStream('o1'), callback);
      const courseIds = paid.events.flatMap((e) =>
        e.type === 'OrderPaid' ? (e.data as { courseIds: string[] }).courseIds : [],
      );
      expect(courseIds).toEqual(delivery === 0 ? ['c1', 'c2'] : []);
      for (const courseId of placed.state.items.map((i) => i.courseId)) {
        await run(enrolmentDecider, enrolmentStream(courseId, 'student'), {
          type: 'Enrol',
          courseId,
          userId: 'student',
          teacherId: 'teacher',
          source: { kind: 'order', orderId: 'o1' },
          course: { published: true, free: false },
          now: at(1000),
        });
      }
      await run(cartDecider, cartStream('student'), {
        type: 'EmptyCartAfterPurchase',
        userId: 'student',
        orderId: 'o1',
        courseIds: ['c1', 'c2'],
        now: at(1000),
      });
    }
    expect((await store.readStream(enrolmentStream('c1', 'student'))).map((e) => e.type)).toEqual(['EnrolmentGranted']);
    expect((await state(cartDecider, cartStream('student'))).items).toEqual([]);

    const lessons = courseLessons(await state(courseDecider, courseStream('c1')));
    await run(enrolmentDecider, enrolmentStream('c1', 'student'), {
      type: 'CompleteLesson',
      lessonId: 'c1-l1',
      lessons,
      now: at(2000),
    });
    await run(reviewDecider, reviewStream('c1', 'student'), {
      type: 'WriteReview',
      courseId: 'c1',
      userId: 'student',
      teacherId: 'teacher',
      enrolled: await enrolled('c1'),
      rating: 5,
      comment: 'Excellent',
      now: at(3000),
    });

    const refund = await run(orderDecider, orderStream('o1'), {
      type: 'RefundOrder',
      actorId: 'student',
      now: at(6 * DAY),
      progress: [],
      maxProgress: 0.3,
    });
    for (const courseId of refund.state.items.map((i) => i.courseId))
      await run(enrolmentDecider, enrolmentStream(courseId, 'student'), {
        type: 'RevokeEnrolment',
        orderId: 'o1',
        now: at(6 * DAY),
      });
    expect(await enrolled('c1')).toBe(false);
    expect(await enrolled('c2')).toBe(false);
    await expect(
      run(enrolmentDecider, enrolmentStream('c1', 'student'), {
        type: 'CompleteLesson',
        lessonId: 'c1-l1',
        lessons,
        now: at(6 * DAY),
      }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(run(orderDecider, orderStream('o1'), callback)).resolves.toMatchObject({ events: [] });
  });
});
