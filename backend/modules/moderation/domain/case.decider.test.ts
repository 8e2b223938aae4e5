import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import { MODERATION_MESSAGES as M } from '../limits';
import { type CaseCommand, caseDecider } from './case.decider';

const NOW = '2026-11-26T10:00:00.000Z';
const IN_A_DAY = '2026-11-27T10:00:00.000Z';
const spec = DeciderSpec.for(caseDecider);
const act = (over: Partial<CaseCommand> = {}): CaseCommand => ({
  type: 'RecordAction',
  targetType: 'post',
  targetId: 'p1',
  action: 'hide',
  moderatorId: 'm1',
  reason: '  Spam  ',
  until: null,
  subjectId: 'u1',
  reporterIds: ['r1', 'r2', 'r1'],
  reportIds: ['rep1', 'rep2', 'rep3'],
  openReports: 3,
  now: NOW,
  ...over,
});

describe('moderation case decider', () => {
  it('records an action with the moderator, the trimmed reason, each reporter once and the reports it answers', () => {
    spec
      .given([])
      .when(act())
      .then([
        {
          type: 'ModerationActionTaken',
          data: {
            targetType: 'post',
            targetId: 'p1',
            action: 'hide',
            moderatorId: 'm1',
            reason: 'Spam',
            until: null,
            subjectId: 'u1',
            reporterIds: ['r1', 'r2'],
            reportIds: ['rep1', 'rep2', 'rep3'],
            at: NOW,
          },
        },
      ]);
  });

  it('needs a reason of at most 500 characters', () => {
    spec
      .given([])
      .when(act({ reason: '  ' }))
      .thenThrows({ status: 400, message: M.reasonRequired });
    spec
      .given([])
      .when(act({ reason: 'x'.repeat(501) }))
      .thenThrows({ status: 400, message: M.reasonTooLong });
  });

  it('applies each action only to its kind of target', () => {
    spec
      .given([])
      .when(act({ targetType: 'comment', action: 'hide' }))
      .thenThrows({ message: M.actionNotForTarget });
    spec
      .given([])
      .when(act({ targetType: 'message', action: 'suspend' }))
      .thenThrows({ status: 400 });
    spec
      .given([])
      .when(act({ targetType: 'comment', action: 'delete' }))
      .then((e) => expect(e).toHaveLength(1));
  });

  it('suspends until a time in the future, within a year', () => {
    const suspend = (until: string | null) => act({ targetType: 'user', action: 'suspend', until });
    spec.given([]).when(suspend(null)).thenThrows({ message: M.untilInvalid });
    spec.given([]).when(suspend(NOW)).thenThrows({ message: M.untilInvalid });
    spec.given([]).when(suspend('2028-01-01T00:00:00.000Z')).thenThrows({ message: M.untilInvalid });
    spec.given([]).when(suspend('not a time')).thenThrows({ status: 400 });
    spec
      .given([])
      .when(suspend(IN_A_DAY))
      .then((events) => expect(events[0]!.data.until).toBe(IN_A_DAY));
  });

  it('dismisses only open reports; restoring, refusing an appeal or lifting a suspension tells no reporter', () => {
    spec
      .given([])
      .when(act({ targetType: 'message', action: 'dismiss' }))
      .then((events) => expect(events[0]!.data.reportIds).toEqual(['rep1', 'rep2', 'rep3']));
    spec
      .given([])
      .when(act({ action: 'dismiss', openReports: 0 }))
      .thenThrows({ status: 404 });
    spec
      .given([])
      .when(act({ action: 'restore' }))
      .then((events) => expect(events[0]!.data).toMatchObject({ reporterIds: [], reportIds: [] }));
    spec
      .given([])
      .when(act({ action: 'reject_appeal' }))
      .then((events) => expect(events[0]!.data).toMatchObject({ reporterIds: [], reportIds: [], reason: 'Spam' }));
    spec
      .given([])
      .when(act({ targetType: 'user', action: 'reject_appeal' }))
      .thenThrows({ message: M.actionNotForTarget });
    spec
      .given([])
      .when(act({ targetType: 'user', action: 'unsuspend' }))
      .then((events, state) => {
        expect(events[0]!.data.reporterIds).toEqual([]);
        expect(state).toMatchObject({ actions: 1, last: { action: 'unsuspend', moderatorId: 'm1', reason: 'Spam' } });
      });
  });
});
