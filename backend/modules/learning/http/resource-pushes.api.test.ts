import type { ResourcesChangedPush } from '@contract';
import { eventually } from '@testing/eventually';
import { registerMember } from '@testing/members';
import { collect, socketsFor } from '@testing/sockets';

import { describeOnProfiles } from '../../../src/testing/profiles';
import { commerceClient, publishedCourse } from '../testing/commerce-fixtures';
import { moderator } from '../testing/courses';

describeOnProfiles('resources_changed: a member hears what changed for them, as each read model commits', (rt) => {
  const { post } = commerceClient(rt);
  const sockets = socketsFor(rt);

  it('adding to the cart, the order placed and paid, the cart emptied and the course granted; nobody else hears', async () => {
    const [teacher, buyer, other] = await Promise.all([
      registerMember(rt()),
      registerMember(rt()),
      registerMember(rt()),
    ]);
    const course = await publishedCourse(rt(), teacher.id, { price: '1500' });
    const [mine, theirs] = [
      collect<ResourcesChangedPush>(await sockets.connect(buyer), 'resources_changed'),
      collect<ResourcesChangedPush>(await sockets.connect(other), 'resources_changed'),
    ];
    await post(buyer, '/api/cart/add', { courseId: course.courseId }).expect(201);
    await post(buyer, '/api/checkout', {
      method: 'card',
      cardNumber: '4242 4242 4242 4242',
      expectedTotal: '1500',
    }).expect(201);
    const heard = () => new Set(mine.flatMap((p) => p.resources));
    await eventually(
      async () => heard(),
      (resources) => ['cart', 'orders', 'courses'].every((r) => resources.has(r as never)),
      'cart, orders and courses changed',
    );
    // Each push is one event's (its id), so a repeat is recognised.
    expect(new Set(mine.map((p) => p.id)).size).toBe(mine.length);
    expect(theirs).toEqual([]);
  });

  it('a teacher approved hears their application and role change; nobody else hears', async () => {
    const [applicant, other, mod] = await Promise.all([registerMember(rt()), registerMember(rt()), moderator(rt())]);
    const [mine, theirs] = [
      collect<ResourcesChangedPush>(await sockets.connect(applicant), 'resources_changed'),
      collect<ResourcesChangedPush>(await sockets.connect(other), 'resources_changed'),
    ];
    await post(applicant, '/api/vendor/register', {
      bio: 'Teaching tajweed for ten years',
      topics: ['Quran'],
      priceRange: '$0 - $25',
    }).expect(201);
    await post(mod, `/api/admin/vendors/${applicant.id}/approve`).expect(200);
    // The Learn screen's "under review" becomes the Teach tab (teaching), the member a vendor (account).
    await eventually(
      async () => new Set(mine.flatMap((p) => p.resources)),
      (resources) => resources.has('teaching') && resources.has('account'),
      'teaching and account changed',
    );
    expect(theirs).toEqual([]);
  });
});
