import type { Doc } from '@platform/read-store/read-store.port';
import { buildProjectors, type ProjectorDeps } from '@projections/index';

import { inStream, projectionSpec, projectorDeps } from '../runner/testing/projection-spec';
import { NOTIFICATIONS } from './docs';

interface Notification extends Doc {
  userId: string;
  actorId: string;
  type: string;
  category: string;
  content: string;
}

const ADMIN = '0190d7c4-0000-7000-8000-0000000000a1';
const FORMER = '0190d7c4-0000-7000-8000-0000000000a2';
const DONOR = '0190d7c4-0000-7000-8000-0000000000d1';
const ORPHAN = '0190d7c4-0000-7000-8000-0000000000f1';
const AT = '2026-11-25T10:00:00.000Z';

const notifications = (deps: ProjectorDeps) => buildProjectors(deps).find((p) => p.name === 'notifications')!;
const role = (userId: string, r: string, previousRole: string) =>
  inStream(`user-${userId}`, { type: 'RoleChanged', data: { role: r, previousRole } });
const registered = inStream('orphan-registry', {
  type: 'OrphanRegistered',
  data: {
    orphanId: ORPHAN,
    uniqueId: '0042',
    location: 'Kibera, Nairobi',
    status: 'Active',
    goal: 1_000_00,
    story: 's',
    registeredBy: ADMIN,
    at: AT,
  },
});
const paid = (donationId: string, amount: number, isAnonymous: boolean, orphanId: string | null = ORPHAN) =>
  inStream(`donation-${donationId}`, {
    type: 'DonationPaid',
    data: {
      donationId,
      donorId: DONOR,
      amount,
      orphanId,
      isAnonymous,
      provider: 'sandbox',
      reference: `sbx_${donationId}`,
      receipt: null,
      at: AT,
    },
  });

describe('notifications of orphan support', () => {
  it('thanks the donor, tells the admins of each donation to an orphan and of the goal reached once', async () => {
    await projectionSpec(notifications, projectorDeps)
      .given([
        ...role(ADMIN, 'admin', 'member'),
        ...role(FORMER, 'admin', 'member'),
        ...role(FORMER, 'member', 'admin'),
        ...registered,
        ...paid('d1', 600_00, false),
        ...paid('d2', 400_00, true),
        ...paid('d3', 50_00, false),
        ...paid('d4', 20_00, false, null),
      ])
      .thenCollection<Notification>(NOTIFICATIONS, (docs) => {
        const seen = docs
          .map(
            (d) =>
              `${d.type} ${d.userId === ADMIN ? 'admin' : d.userId === DONOR ? 'donor' : d.userId} ${d.actorId === DONOR ? 'donor' : d.actorId}: ${d.content}`,
          )
          .sort();
        expect(seen).toEqual(
          [
            'donation_made donor system: KSh 600 · ORP-KE-0042',
            'donation_made donor system: KSh 400 · ORP-KE-0042',
            'donation_made donor system: KSh 50 · ORP-KE-0042',
            // The general fund: the amount alone.
            'donation_made donor system: KSh 20',
            // What came, what is raised, the goal; an anonymous gift's actor is nobody.
            'orphan_funded admin donor: ORP-KE-0042 · KSh 600 · KSh 600 · KSh 1,000',
            'orphan_funded admin system: ORP-KE-0042 · KSh 400 · KSh 1,000 · KSh 1,000',
            'orphan_funded admin donor: ORP-KE-0042 · KSh 50 · KSh 1,050 · KSh 1,000',
            'goal_reached admin system: ORP-KE-0042 · KSh 1,000',
          ].sort(),
        );
        expect(new Set(docs.map((d) => d.category))).toEqual(new Set(['donations']));
      });
  });
});
