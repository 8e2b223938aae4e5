import type { AuditStreamState } from '@contract';
import { commerceClient, publishedCourse } from '@modules/learning/testing/commerce-fixtures';
import { approvedTeacher, courseBody, createCourse } from '@modules/learning/testing/courses';
import { supportApi } from '@modules/support/testing/support-api';
import { admin, send } from '@modules/support/testing/support-fixtures';
import { eventually } from '@testing/eventually';
import { type Member, registerMember } from '@testing/members';

import { describeOnProfiles } from '../../../src/testing/profiles';
import { memberWithRole } from '../testing/staff';

describeOnProfiles('moderation: history of courses, orders and donations', (rt) => {
  const { post, order, requested } = commerceClient(rt);
  const { donate, settled } = supportApi(rt);
  let mod: Member;
  const stateOf = async (streamId: string, query = '') =>
    (await mod.agent.get(`/api/admin/audit/streams/${streamId}/state${query}`).expect(200)).body as AuditStreamState;
  const viewAt = async (streamId: string, version: number) =>
    (await stateOf(streamId, `?at=${version}`)).view as unknown as Record<string, unknown>;
  /** The view at every version, as one text. */
  const everyView = async (streamId: string) => {
    const last = (await stateOf(streamId)).lastVersion;
    const views = [];
    for (let v = 0; v <= last; v++) views.push((await stateOf(streamId, `?at=${v}`)).view);
    return JSON.stringify(views);
  };
  /** Every state, view and event of the stream, as one text: for what the log itself never holds. */
  const everything = async (streamId: string) => {
    const last = (await stateOf(streamId)).lastVersion;
    const all = [];
    for (let v = 0; v <= last; v++) all.push(await stateOf(streamId, `?at=${v}`));
    const events = (await mod.agent.get(`/api/admin/audit/streams/${streamId}/events`).expect(200)).body;
    return JSON.stringify([all, events]);
  };

  beforeAll(async () => {
    mod = await memberWithRole(rt(), 'moderator');
  }, 60_000);

  it('a course page before and after publishing and an edit: title, price, outline, never a lesson body', async () => {
    const teacher = await approvedTeacher(rt(), mod);
    const courseId = await createCourse(teacher, courseBody(), true);
    await teacher.agent
      .patch(`/api/courses/${courseId}`)
      .set('X-CSRF-Token', teacher.token)
      .send({ title: 'Tajweed, step by step' })
      .expect(200);
    const stream = `course-${courseId}`;
    expect(await viewAt(stream, 0)).toMatchObject({
      kind: 'course',
      teacherId: teacher.id,
      title: 'Tajweed for beginners',
      price: 150000,
      published: false,
      curriculum: [
        {
          title: 'The letters',
          lessons: [
            { title: 'Where letters come from', durationSec: 300, freePreview: true },
            { title: 'The throat letters', durationSec: 420, freePreview: false },
          ],
        },
      ],
    });
    expect(await viewAt(stream, 1)).toMatchObject({ title: 'Tajweed for beginners', published: true });
    expect(await viewAt(stream, 2)).toMatchObject({ title: 'Tajweed, step by step', published: true });
    const diff = (await mod.agent.get(`/api/admin/audit/streams/${stream}/diff?from=0&to=2`).expect(200)).body;
    expect(diff.changes.map((c: { path: string }) => c.path)).toEqual(['published', 'title', 'updatedAt']);
    expect(await everyView(stream)).not.toContain('five places of articulation');
  });

  it('an order: pending, then paid, with its provider references and no card or phone data', async () => {
    const teacher = await registerMember(rt());
    const course = await publishedCourse(rt(), teacher.id, { price: '600' });
    const buyer = await registerMember(rt());
    const res = await post(buyer, '/api/checkout', {
      method: 'card',
      courseIds: [course.courseId],
      expectedTotal: '600',
      cardNumber: '4242 4242 4242 4242',
    }).expect(201);
    const orderId = res.body.orderId as string;
    await eventually(
      () => order(buyer, orderId),
      (o) => o.status === 'paid',
      `order ${orderId} paid`,
    );
    const stream = `order-${orderId}`;
    expect(await viewAt(stream, 0)).toMatchObject({
      kind: 'order',
      buyerId: buyer.id,
      items: [{ courseId: course.courseId, title: course.title, price: 60000 }],
      total: 60000,
      status: 'pending',
      paid: null,
    });
    const latest = await stateOf(stream);
    expect(latest.view).toMatchObject({
      status: 'paid',
      provider: 'sandbox',
      references: [expect.any(String)],
      paid: { amount: 60000, reference: expect.any(String) },
    });
    expect(await everything(stream)).not.toMatch(/4242 ?4242/);

    const phoneBuyer = await registerMember(rt());
    const mpesa = await post(phoneBuyer, '/api/checkout', {
      method: 'mpesa',
      phone: '0712345678',
      courseIds: [course.courseId],
      expectedTotal: '600',
    }).expect(201);
    const mpesaOrder = mpesa.body.orderId as string;
    const payer = (await requested(mpesaOrder))[0]!.payer!;
    const views = await everyView(`order-${mpesaOrder}`);
    expect(views).toContain('"method":"mpesa"');
    expect(views).not.toContain(payer);
    expect(views).not.toMatch(/712 ?345 ?678/);
  });

  it('a donation: amount, status and references, the donor kept for moderators, no card or phone data', async () => {
    const boss = await admin(rt());
    await send(boss, 'put', '/api/admin/donations', { paused: false }).expect(200);
    const donor = await registerMember(rt());
    const card = (
      await donate(donor, {
        amount: 1000,
        isAnonymous: true,
        method: 'card',
        cardNumber: '4242 4242 4242 4242',
      }).expect(201)
    ).body as { donationId: string };
    await settled(donor, card.donationId);
    const stream = `donation-${card.donationId}`;
    expect(await viewAt(stream, 0)).toMatchObject({
      kind: 'donation',
      donorId: donor.id,
      anonymous: true,
      amount: 100000,
      status: 'pending',
    });
    const latest = await stateOf(stream);
    expect(latest).toMatchObject({
      kind: 'donation',
      state: null,
      view: { status: 'paid', provider: 'sandbox', references: [expect.any(String)] },
    });
    expect(await everything(stream)).not.toMatch(/4242 ?4242/);

    const mpesa = (
      await donate(donor, { amount: '500', isAnonymous: false, method: 'mpesa', phone: '0712 345 678' }).expect(201)
    ).body as { donationId: string };
    expect(await everything(`donation-${mpesa.donationId}`)).not.toMatch(/712 ?345 ?678/);
  });
});
