import type { RecordedEvent } from '@platform/event-store/event-store.port';

import type { LedgerTotalsDoc, OrphanDoc } from './docs';

interface Paid {
  donationId: string;
  amount: number;
  orphanId: string | null;
}

/**
 * The ledger recounted from the log (`npm run projections:verify`): paid donations, disbursements and
 * what each orphan raised, compared with the read model. Each entry counts once, as in the projector.
 */
export class LedgerRecount {
  readonly totals = { collected: 0, disbursed: 0, donations: 0, disbursements: 0 };
  readonly raised = new Map<string, number>();
  private readonly seen = new Set<string>();

  add(event: RecordedEvent): void {
    if (event.type === 'OrphanRegistered') {
      const id = (event.data as { orphanId: string }).orphanId;
      if (!this.raised.has(id)) this.raised.set(id, 0);
    } else if (event.type === 'DonationPaid') {
      const d = event.data as Paid;
      if (this.seen.has(d.donationId)) return;
      this.seen.add(d.donationId);
      this.totals.collected += d.amount;
      this.totals.donations++;
      if (d.orphanId) this.raised.set(d.orphanId, (this.raised.get(d.orphanId) ?? 0) + d.amount);
    } else if (event.type === 'DisbursementRecorded') {
      const d = event.data as { disbursementId: string; amount: number };
      if (this.seen.has(d.disbursementId)) return;
      this.seen.add(d.disbursementId);
      this.totals.disbursed += d.amount;
      this.totals.disbursements++;
    }
  }

  /** One line per figure that differs; `entries` is the number of ledger documents. */
  driftOf(doc: LedgerTotalsDoc | null, orphans: readonly OrphanDoc[], entries: number): string[] {
    const drift: string[] = [];
    for (const key of ['collected', 'disbursed', 'donations', 'disbursements'] as const) {
      const have = doc?.[key] ?? 0;
      if (have !== this.totals[key]) drift.push(`ledger ${key}: read model ${have}, log ${this.totals[key]}`);
    }
    const counted = this.totals.donations + this.totals.disbursements;
    if (entries !== counted) drift.push(`ledger entries: read model ${entries}, log ${counted}`);
    const byId = new Map(orphans.map((o) => [o.id, o]));
    for (const [id, raised] of this.raised) {
      const have = byId.get(id)?.raised;
      if (have !== raised) drift.push(`orphan ${id} raised: read model ${have ?? 'missing'}, log ${raised}`);
    }
    return drift;
  }
}
