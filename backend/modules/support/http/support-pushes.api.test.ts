import type { ResourcesChangedPush } from '@contract';
import { eventually } from '@testing/eventually';
import { registerMember } from '@testing/members';
import { collect, emitWithAck, socketsFor } from '@testing/sockets';

import { describeOnProfiles } from '../../../src/testing/profiles';
import { supportApi } from '../testing/support-api';
import { admin, registerOrphan, send } from '../testing/support-fixtures';

describeOnProfiles('the support page follows its figures (watch_support)', (rt) => {
  const sockets = socketsFor(rt);
  const { donate, settled } = supportApi(rt);

  it('tells the sockets watching it when an orphan is added and a donation is paid; not after unwatching', async () => {
    const [boss, viewer, donor] = await Promise.all([admin(rt()), registerMember(rt()), registerMember(rt())]);
    const [watching, away] = [await sockets.connect(viewer), await sockets.connect(donor)];
    await emitWithAck(watching, 'watch_support', {});
    const heard = collect<ResourcesChangedPush>(watching, 'resources_changed');
    const notHeard = collect<ResourcesChangedPush>(away, 'resources_changed');

    await registerOrphan(boss);
    await eventually(
      async () => heard.length,
      (n) => n >= 1,
      'the page told of the new orphan',
    );
    expect(heard[0]!.resources).toEqual(['donations']);

    await send(boss, 'put', '/api/admin/donations', { paused: false }).expect(200);
    const paid = await donate(donor, { amount: 500, method: 'card', cardNumber: '4242 4242 4242 4242' });
    expect(paid.status).toBe(201);
    await settled(donor, String(paid.body.donationId ?? paid.body.id));
    await eventually(
      async () => heard.length,
      (n) => n >= 2,
      'the page told of the donation',
    );
    expect(notHeard).toEqual([]);

    await emitWithAck(watching, 'unwatch_support', {});
    const before = heard.length;
    await registerOrphan(boss);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(heard.length).toBe(before);
  });
});
