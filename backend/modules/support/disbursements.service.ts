import { Injectable } from '@nestjs/common';
import { CommandExecutor } from '@platform/decider/command-executor';
import { DomainError } from '@platform/decider/decider';
import type { CommandMetadata } from '@platform/decider/handle-command';
import { newId } from '@platform/ids';

import { disbursementsDecider } from './domain/disbursements.decider';
import { DISBURSEMENTS_STREAM } from './events';
import { SUPPORT_MESSAGES as M } from './limits';
import { SupportQueries } from './queries/support.queries';
import { SupportFacts } from './support-facts';

export interface DisbursementInput {
  /** KES cents. */
  amount: number;
  orphanId: string | null;
  note: string;
}

/** Admins record money paid out (the ledger's other kind of entry). */
@Injectable()
export class DisbursementsService {
  constructor(
    private readonly commands: CommandExecutor,
    private readonly facts: SupportFacts,
    private readonly queries: SupportQueries,
  ) {}

  async record(actorId: string, input: DisbursementInput, meta: CommandMetadata): Promise<string> {
    if (input.orphanId && !(await this.facts.orphans()).orphans.has(input.orphanId))
      throw new DomainError('ORPHAN_NOT_FOUND', M.orphanNotFound, 404);
    const disbursementId = newId();
    await this.commands.execute(
      DISBURSEMENTS_STREAM,
      disbursementsDecider,
      {
        type: 'RecordDisbursement',
        disbursementId,
        ...input,
        collected: await this.queries.collected(),
        actorId,
        now: new Date().toISOString(),
      },
      meta,
    );
    return disbursementId;
  }
}
