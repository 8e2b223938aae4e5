import type {
  AuditorEvent,
  DisbursementEvent,
  DonationEvent,
  NotifySubscriberEvent,
  OrphanEvent,
} from '@modules/support/events';

import type { ProjectionContext } from '../runner';
import { defineProjector, type EventsOf } from '../runner';
import {
  type AuditorDoc,
  LEDGER_TOTALS_ID,
  type LedgerDoc,
  type LedgerTotalsDoc,
  type NotifySubscriberDoc,
  type OrphanDoc,
  SUPPORT_AUDITORS,
  SUPPORT_LEDGER,
  SUPPORT_NOTIFY,
  SUPPORT_ORPHANS,
  SUPPORT_PROJECTOR,
  SUPPORT_TOTALS,
} from './docs';

type Handled =
  | OrphanEvent
  | AuditorEvent
  | EventsOf<NotifySubscriberEvent, 'DonationsOpenSubscribed' | 'DonationsOpenConfirmed' | 'DonationsOpenUnsubscribed'>
  | EventsOf<DonationEvent, 'DonationPaid'>
  | DisbursementEvent;

const totals = (ctx: ProjectionContext) => ctx.collection<LedgerTotalsDoc>(SUPPORT_TOTALS);

/** Adds to the ledger's sums once per entry: a replayed event finds its entry and adds nothing. */
async function addEntry(
  ctx: ProjectionContext,
  entry: LedgerDoc,
  sums: Partial<Record<keyof LedgerTotalsDoc, number>>,
) {
  const ledger = ctx.collection<LedgerDoc>(SUPPORT_LEDGER);
  if (await ledger.get(entry.id)) return false;
  await ledger.upsert(entry);
  await totals(ctx).update(LEDGER_TOTALS_ID, { inc: sums as Record<string, number> }, { upsert: true });
  return true;
}

/**
 * Orphan support's read models: the orphans with what each has raised, the auditors, the public
 * ledger with its totals, and the notify-me list. Anonymous donors are dropped here already: the
 * ledger never holds who they are.
 */
export const supportProjector = defineProjector<Handled>({
  name: SUPPORT_PROJECTOR,
  // 2: the notify-me list holds only subscriptions since double opt-in, each with `confirmed`.
  version: 2,
  collections: [
    { name: SUPPORT_ORPHANS },
    { name: SUPPORT_AUDITORS },
    { name: SUPPORT_LEDGER, indexes: [{ fields: [], sort: { field: 'position' } }] },
    { name: SUPPORT_TOTALS },
    { name: SUPPORT_NOTIFY, indexes: [{ fields: ['confirmed'], sort: { field: 'id' } }] },
  ],
  on: {
    async OrphanRegistered({ data: d }, ctx) {
      const orphans = ctx.collection<OrphanDoc>(SUPPORT_ORPHANS);
      const raised = (await orphans.get(d.orphanId))?.raised ?? 0;
      await orphans.upsert({
        id: d.orphanId,
        uniqueId: d.uniqueId,
        location: d.location,
        status: d.status,
        goal: d.goal,
        raised,
        story: d.story,
        createdAt: d.at,
        updatedAt: d.at,
      });
    },
    async OrphanEdited({ data: d }, ctx) {
      await ctx.collection<OrphanDoc>(SUPPORT_ORPHANS).update(d.orphanId, { set: { ...d.changes, updatedAt: d.at } });
    },
    async AuditorAdded({ data: d }, ctx) {
      const { auditorId, name, logo, lastAuditDate, isoCertified, governmentApproved } = d;
      await ctx
        .collection<AuditorDoc>(SUPPORT_AUDITORS)
        .upsert({ id: auditorId, name, logo, lastAuditDate, isoCertified, governmentApproved });
    },
    async AuditorEdited({ data: d }, ctx) {
      await ctx.collection<AuditorDoc>(SUPPORT_AUDITORS).update(d.auditorId, { set: d.changes });
    },
    async AuditorRemoved({ data: d }, ctx) {
      await ctx.collection(SUPPORT_AUDITORS).delete(d.auditorId);
    },
    async DonationsOpenSubscribed({ data: d }, ctx) {
      // A sign-up from before double opt-in (no unsubscribe link) is no subscription: see the decider.
      if (d.unsubscribeHash === undefined) return;
      await ctx
        .collection<NotifySubscriberDoc>(SUPPORT_NOTIFY)
        .upsert({ id: d.key, subscribedAt: d.at, confirmed: false });
    },
    async DonationsOpenConfirmed({ data: d }, ctx) {
      await ctx.collection<NotifySubscriberDoc>(SUPPORT_NOTIFY).update(d.key, { set: { confirmed: true } });
    },
    async DonationsOpenUnsubscribed({ data: d }, ctx) {
      await ctx.collection(SUPPORT_NOTIFY).delete(d.key);
    },
    async DonationPaid(e, ctx) {
      const d = e.data;
      const added = await addEntry(
        ctx,
        {
          id: d.donationId,
          kind: 'donation',
          amount: d.amount,
          time: d.at,
          orphanId: d.orphanId,
          donorId: d.isAnonymous ? null : d.donorId,
          note: null,
          position: e.checkpoint,
        },
        { collected: d.amount, donations: 1 },
      );
      if (added && d.orphanId)
        await ctx.collection<OrphanDoc>(SUPPORT_ORPHANS).update(d.orphanId, { inc: { raised: d.amount } });
    },
    async DisbursementRecorded(e, ctx) {
      const d = e.data;
      await addEntry(
        ctx,
        {
          id: d.disbursementId,
          kind: 'disbursement',
          amount: d.amount,
          time: d.at,
          orphanId: d.orphanId,
          donorId: null,
          note: d.note,
          position: e.checkpoint,
        },
        { disbursed: d.amount, disbursements: 1 },
      );
    },
  },
});
