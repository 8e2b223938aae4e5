import { type Decider, DomainError } from '../../../src/platform/decider/decider';
import type { ReportEvent } from '../events';

/** A report is written once; its stream later carries the moderators' handling of it. */
export const reportDecider: Decider<
  { filed: boolean },
  { type: 'FileReport'; report: ReportEvent['data'] },
  ReportEvent
> = {
  initialState: () => ({ filed: false }),
  evolve: () => ({ filed: true }),
  decide: (s, c) => {
    if (s.filed) throw new DomainError('REPORT_EXISTS', 'This report already exists', 409);
    return [{ type: 'PostReported', data: c.report }];
  },
};
