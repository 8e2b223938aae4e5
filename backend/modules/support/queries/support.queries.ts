import { AuthorsQuery } from '@modules/profiles';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@platform/decider/decider';
import { formatKes } from '@platform/money';
import type { ReadModels } from '@platform/read-models';
import { findAll, InvalidCursorError } from '@platform/read-store';
import { READ_MODELS } from '@platform/tokens';
import {
  type AuditorDoc,
  LEDGER_TOTALS_ID,
  type LedgerDoc,
  type LedgerTotalsDoc,
  type OrphanDoc,
  SUPPORT_AUDITORS,
  SUPPORT_LEDGER,
  SUPPORT_ORPHANS,
  SUPPORT_TOTALS,
} from '@projections/support';

import { SUPPORT_MESSAGES as M } from '../limits';
import type { Auditor, LedgerEntry, LedgerPage, Orphan, OrphanDetail } from '../views';

export const ANONYMOUS = 'Anonymous';
export const orphanLabel = (uniqueId: string) => `ORP-KE-${uniqueId}`;

/** The support page's reads: orphans, auditors and the public ledger. */
@Injectable()
export class SupportQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    private readonly authors: AuthorsQuery,
  ) {}

  private get orphans() {
    return this.readModels.collection<OrphanDoc>(SUPPORT_ORPHANS);
  }

  /** Registration order (ids are time-ordered). */
  async orphanList(): Promise<Orphan[]> {
    return (await findAll(this.orphans)).map(toOrphan);
  }

  async orphanDetails(): Promise<OrphanDetail[]> {
    return (await findAll(this.orphans)).map(toOrphanDetail);
  }

  async orphan(id: string): Promise<OrphanDetail> {
    const doc = await this.orphans.get(id);
    if (!doc) throw new DomainError('ORPHAN_NOT_FOUND', M.orphanNotFound, 404);
    return toOrphanDetail(doc);
  }

  async auditors(): Promise<Auditor[]> {
    const docs = await findAll(this.readModels.collection<AuditorDoc>(SUPPORT_AUDITORS));
    return docs.map(toAuditor).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  }

  async auditor(id: string): Promise<Auditor> {
    const doc = await this.readModels.collection<AuditorDoc>(SUPPORT_AUDITORS).get(id);
    if (!doc) throw new DomainError('AUDITOR_NOT_FOUND', M.auditorNotFound, 404);
    return toAuditor(doc);
  }

  /** Paid donations so far, KES cents (the disbursement check's "funds held" side). */
  async collected(): Promise<number> {
    return (await this.totals())?.collected ?? 0;
  }

  async ledger(cursor: string | null, limit: number): Promise<LedgerPage> {
    let page;
    try {
      page = await this.readModels
        .collection<LedgerDoc>(SUPPORT_LEDGER)
        .find({ sort: { field: 'position', direction: 'desc' }, after: cursor, limit });
    } catch (error) {
      if (error instanceof InvalidCursorError) throw new DomainError('INVALID_CURSOR', M.cursorInvalid, 400);
      throw error;
    }
    const totals = await this.totals();
    return {
      total: formatKes((totals?.collected ?? 0) - (totals?.disbursed ?? 0)),
      collected: formatKes(totals?.collected ?? 0),
      entries: await this.entries(page.items),
      nextCursor: page.nextCursor,
    };
  }

  async entry(id: string): Promise<LedgerEntry> {
    const doc = await this.readModels.collection<LedgerDoc>(SUPPORT_LEDGER).get(id);
    if (!doc) throw new DomainError('LEDGER_ENTRY_NOT_FOUND', 'Ledger entry not found', 404);
    const [entry] = await this.entries([doc]);
    return entry!;
  }

  private totals() {
    return this.readModels.collection<LedgerTotalsDoc>(SUPPORT_TOTALS).get(LEDGER_TOTALS_ID);
  }

  /** Donors' names in one lookup per page; a donor who is gone shows as Anonymous too. */
  private async entries(docs: LedgerDoc[]): Promise<LedgerEntry[]> {
    const donors = await this.authors.byIds([...new Set(docs.flatMap((d) => (d.donorId ? [d.donorId] : [])))]);
    const orphanIds = [...new Set(docs.flatMap((d) => (d.kind === 'disbursement' && d.orphanId ? [d.orphanId] : [])))];
    const orphans = new Map((await this.orphans.getMany(orphanIds)).map((o) => [o.id, o]));
    return docs.map((d) => {
      const orphan = d.orphanId ? orphans.get(d.orphanId) : undefined;
      const donor =
        d.kind === 'donation'
          ? ((d.donorId ? donors.get(d.donorId)?.displayName : undefined) ?? ANONYMOUS)
          : orphan
            ? orphanLabel(orphan.uniqueId)
            : (d.note ?? '');
      return {
        id: d.id,
        amount: formatKes(d.amount),
        currency: 'KES' as const,
        time: d.time,
        orphanId: d.orphanId,
        donor,
        kind: d.kind,
      };
    });
  }
}

function toOrphan(d: OrphanDoc): Orphan {
  return {
    id: d.id,
    uniqueId: d.uniqueId,
    location: d.location,
    status: d.status,
    raised: formatKes(d.raised),
    goal: formatKes(d.goal),
  };
}

function toOrphanDetail(d: OrphanDoc): OrphanDetail {
  return { ...toOrphan(d), story: d.story, createdAt: d.createdAt, updatedAt: d.updatedAt };
}

function toAuditor(d: AuditorDoc): Auditor {
  return {
    id: d.id,
    name: d.name,
    logo: d.logo,
    lastAuditDate: d.lastAuditDate,
    isoCertified: d.isoCertified,
    governmentApproved: d.governmentApproved,
  };
}
