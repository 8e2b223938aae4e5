import type { Doc } from '@platform/read-store/read-store.port';
import { buildProjectors, type ProjectorDeps } from '@projections/index';

import { inStream, projectionSpec, projectorDeps } from '../runner/testing/projection-spec';
import { NOTIFICATIONS } from './docs';

interface Notification extends Doc {
  userId: string;
  type: string;
  category: string;
}

const AT = '2026-11-29T10:00:00.000Z';
const [CONFIRMED, UNCONFIRMED, LEFT, DELETED] = ['a', 'b', 'c', 'd'].map(
  (c) => `0190d7c4-0000-7000-8000-00000000000${c}`,
) as [string, string, string, string];
/** An address key (sha256 hex in the app). */
const key = (n: string) => n.repeat(64);

const notifications = (deps: ProjectorDeps) => buildProjectors(deps).find((p) => p.name === 'notifications')!;
const signUp = (k: string, userId: string | null, confirmed: boolean) =>
  inStream(
    `donations-open-${k}`,
    {
      type: 'DonationsOpenSubscribed',
      data: { key: k, sealedEmail: 's', vaultSubject: 'v', userId, at: AT, unsubscribeHash: 'h' },
    },
    ...(confirmed ? [{ type: 'DonationsOpenConfirmed', data: { key: k, via: 'verified-account', at: AT } }] : []),
  );
const opened = inStream('donation-settings', { type: 'DonationsOpened', data: { openedBy: 'admin', at: AT } });

describe('donations opened', () => {
  it('tells each member whose notify-me sign-up is confirmed, once per opening; not guests, the unconfirmed, or those who left', async () => {
    await projectionSpec(notifications, projectorDeps)
      .given([
        ...signUp(key('1'), CONFIRMED, true),
        ...signUp(key('2'), UNCONFIRMED, false),
        ...signUp(key('3'), LEFT, true),
        ...inStream(`donations-open-${key('3')}`, {
          type: 'DonationsOpenUnsubscribed',
          data: { key: key('3'), at: AT },
        }),
        ...signUp(key('4'), null, true),
        ...signUp(key('5'), DELETED, true),
        ...inStream(`user-${DELETED}`, { type: 'AccountDeleted', data: { deletedAt: AT } }),
        ...opened,
        ...opened,
      ])
      .thenCollection<Notification>(NOTIFICATIONS, (docs) => {
        expect(docs.map((d) => [d.userId, d.type, d.category])).toEqual([
          [CONFIRMED, 'donations_opened', 'donations'],
          [CONFIRMED, 'donations_opened', 'donations'],
        ]);
      });
  });
});
