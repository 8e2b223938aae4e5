import { type Decider, DomainError } from '@platform/decider/decider';

import type { DisbursementEvent } from '../events';
import { SUPPORT_MESSAGES as M } from '../limits';

export interface DisbursementsState {
  /** KES cents paid out so far. */
  disbursed: number;
  ids: ReadonlySet<string>;
}

export type DisbursementsCommand = {
  type: 'RecordDisbursement';
  disbursementId: string;
  amount: number;
  orphanId: string | null;
  note: string;
  /**
   * Paid donations so far (KES cents), from the ledger read model: it can only lag behind the truth
   * (donations only add), so the check errs on the side of holding money back.
   */
  collected: number;
  actorId: string;
  now: string;
};

/** Admins record money paid out to orphans' care; never more than the funds held. */
export const disbursementsDecider: Decider<DisbursementsState, DisbursementsCommand, DisbursementEvent> = {
  initialState: () => ({ disbursed: 0, ids: new Set() }),
  evolve: (state, { data }) => ({
    disbursed: state.disbursed + data.amount,
    ids: new Set([...state.ids, data.disbursementId]),
  }),
  decide(state, c) {
    if (state.ids.has(c.disbursementId)) return [];
    if (!Number.isSafeInteger(c.amount) || c.amount <= 0)
      throw new DomainError('VALIDATION_FAILED', M.amountNotPositive, 400);
    const held = Math.max(0, c.collected - state.disbursed);
    if (c.amount > held) throw new DomainError('INSUFFICIENT_FUNDS', M.insufficientFunds(held), 409);
    const { disbursementId, amount, orphanId, note, actorId, now } = c;
    return [
      { type: 'DisbursementRecorded', data: { disbursementId, amount, orphanId, note, recordedBy: actorId, at: now } },
    ];
  },
};
