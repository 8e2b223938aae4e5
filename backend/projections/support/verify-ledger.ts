import type { EventStore } from '@platform/event-store/event-store.port';
import type { ReadModels } from '@platform/read-models';
import type { ReadStore } from '@platform/read-store/read-store.port';

import { findAll } from '../../src/platform/read-store/core/find-all';
import { replayToCheckpoint } from '../runner';
import {
  LEDGER_TOTALS_ID,
  type LedgerTotalsDoc,
  type OrphanDoc,
  SUPPORT_LEDGER,
  SUPPORT_ORPHANS,
  SUPPORT_PROJECTOR,
  SUPPORT_TOTALS,
} from './docs';
import { LedgerRecount } from './recount';

/**
 * Recounts the donations ledger and each orphan's `raised` from the log, up to where the support
 * projector has got (so a running app's lag is no drift), and answers one line per difference.
 */
export async function verifyLedger(
  eventStore: EventStore,
  readStore: ReadStore,
  readModels: ReadModels,
): Promise<{ drift: string[]; summary: string }> {
  const recount = new LedgerRecount();
  const upTo = await replayToCheckpoint(eventStore, readStore, SUPPORT_PROJECTOR, (e) => recount.add(e));
  if (upTo === null) return { drift: [], summary: 'No drift: the support projection has not run on this store yet.' };
  const totals = await readModels.collection<LedgerTotalsDoc>(SUPPORT_TOTALS).get(LEDGER_TOTALS_ID);
  const orphans = await findAll(readModels.collection<OrphanDoc>(SUPPORT_ORPHANS));
  const entries = await readModels.collection(SUPPORT_LEDGER).count();
  const drift = recount.driftOf(totals, orphans, entries);
  const { donations, disbursements } = recount.totals;
  const summary = drift.length
    ? `${drift.length} ledger figure(s) drifted.`
    : `No drift: the ledger (${donations} donations, ${disbursements} disbursements) and ${recount.raised.size} orphans recounted from the log.`;
  return { drift, summary };
}
