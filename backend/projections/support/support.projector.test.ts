import { inStream, projectionSpec } from '../runner/testing/projection-spec';
import {
  LEDGER_TOTALS_ID,
  type LedgerDoc,
  type LedgerTotalsDoc,
  type NotifySubscriberDoc,
  type OrphanDoc,
  SUPPORT_LEDGER,
  SUPPORT_NOTIFY,
  SUPPORT_ORPHANS,
  SUPPORT_TOTALS,
} from './docs';
import { LedgerRecount } from './recount';
import { supportProjector } from './support.projector';

const T = '2026-11-25T10:00:00.000Z';
const registered = inStream('orphan-registry', {
  type: 'OrphanRegistered',
  data: {
    orphanId: 'o1',
    uniqueId: '0042',
    location: 'Kibera',
    status: 'Active',
    goal: 5000_00,
    story: 's',
    registeredBy: 'a',
    at: T,
  },
});
const paid = (donationId: string, amount: number, isAnonymous: boolean, orphanId: string | null) =>
  inStream(`donation-${donationId}`, {
    type: 'DonationPaid',
    data: {
      donationId,
      donorId: 'u1',
      amount,
      orphanId,
      isAnonymous,
      provider: 'sandbox',
      reference: `r-${donationId}`,
      receipt: null,
      at: T,
    },
  });
const disbursed = inStream('support-disbursements', {
  type: 'DisbursementRecorded',
  data: { disbursementId: 'x1', amount: 300_00, orphanId: 'o1', note: 'Fees', recordedBy: 'a', at: T },
});
const log = [
  ...registered,
  ...paid('d1', 1000_00, false, 'o1'),
  ...paid('d2', 500_00, true, 'o1'),
  ...paid('d3', 250_00, false, null),
  ...disbursed,
];

describe('support projector', () => {
  it('keeps the ledger, its totals and what each orphan raised; an anonymous donor is never copied', async () => {
    await projectionSpec(supportProjector)
      .given(log)
      .inBatchesOf(2)
      .then(async ({ collection, replay }) => {
        expect(await collection<LedgerTotalsDoc>(SUPPORT_TOTALS).get(LEDGER_TOTALS_ID)).toMatchObject({
          collected: 1750_00,
          disbursed: 300_00,
          donations: 3,
          disbursements: 1,
        });
        expect(await collection<OrphanDoc>(SUPPORT_ORPHANS).get('o1')).toMatchObject({
          raised: 1500_00,
          goal: 5000_00,
        });
        expect(await collection<LedgerDoc>(SUPPORT_LEDGER).get('d1')).toMatchObject({
          donorId: 'u1',
          kind: 'donation',
        });
        expect(await collection<LedgerDoc>(SUPPORT_LEDGER).get('d2')).toMatchObject({ donorId: null });
        const rebuilt = await replay();
        expect(await rebuilt<OrphanDoc>(SUPPORT_ORPHANS).get('o1')).toMatchObject({ raised: 1500_00 });
      });
  });

  it('the recount from the log agrees with the read model, and names a drift', async () => {
    await projectionSpec(supportProjector)
      .given(log)
      .then(async ({ collection }) => {
        const recount = new LedgerRecount();
        log.forEach((e, i) =>
          recount.add({ ...e, id: `e${i}`, checkpoint: String(i), streamVersion: 0, metadata: {} } as never),
        );
        const totals = await collection<LedgerTotalsDoc>(SUPPORT_TOTALS).get(LEDGER_TOTALS_ID);
        const orphans = [(await collection<OrphanDoc>(SUPPORT_ORPHANS).get('o1'))!];
        expect(recount.driftOf(totals, orphans, 4)).toEqual([]);
        expect(recount.driftOf({ ...totals!, collected: 1 }, [{ ...orphans[0]!, raised: 0 }], 3)).toEqual([
          'ledger collected: read model 1, log 175000',
          'ledger entries: read model 3, log 4',
          'orphan o1 raised: read model 0, log 150000',
        ]);
      });
  });

  it('keeps the notify-me list: confirmed or not, off it when unsubscribed, none from before double opt-in', async () => {
    const stream = (key: string) => `donations-open-${key}`;
    const subscribed = (key: string, unsubscribeHash?: string) => ({
      type: 'DonationsOpenSubscribed',
      data: { key, sealedEmail: 'v1.x', vaultSubject: `notify-${key}`, userId: null, at: T, unsubscribeHash },
    });
    const confirmed = (key: string) => ({ type: 'DonationsOpenConfirmed', data: { key, via: 'link', at: T } });
    const list = [
      ...inStream(stream('a'), subscribed('a', 'ua')),
      ...inStream(stream('b'), subscribed('b', 'ub'), confirmed('b')),
      ...inStream(stream('c'), subscribed('c', 'uc'), confirmed('c'), {
        type: 'DonationsOpenUnsubscribed',
        data: { key: 'c', at: T },
      }),
      ...inStream(stream('old'), subscribed('old')),
      // Back after leaving: on the list again, unconfirmed.
      ...inStream(stream('c'), subscribed('c', 'uc2')),
    ];
    await projectionSpec(supportProjector)
      .given(list)
      .inBatchesOf(3)
      .then(async ({ docs, replay }) => {
        const expected = [
          { id: 'a', subscribedAt: T, confirmed: false },
          { id: 'b', subscribedAt: T, confirmed: true },
          { id: 'c', subscribedAt: T, confirmed: false },
        ];
        const sorted = (d: NotifySubscriberDoc[]) => [...d].sort((x, y) => x.id.localeCompare(y.id));
        expect(sorted(await docs<NotifySubscriberDoc>(SUPPORT_NOTIFY))).toEqual(expected);
        const rebuilt = await replay();
        expect(await rebuilt<NotifySubscriberDoc>(SUPPORT_NOTIFY).get('b')).toEqual(expected[1]);
      });
  });
});
