import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import { MODERATION_MESSAGES as M } from '../limits';
import { contentReportDecider } from './report.decider';

const NOW = '2026-11-26T10:00:00.000Z';
const spec = DeciderSpec.for(contentReportDecider);
const report = (over: Partial<Parameters<typeof contentReportDecider.decide>[1]['report']> = {}) => ({
  type: 'FileReport' as const,
  report: {
    reportId: 'r1',
    targetType: 'comment' as const,
    targetId: 'c1',
    reporterId: 'u1',
    reason: ' Insult ',
    at: NOW,
    ...over,
  },
});

describe('content report decider', () => {
  it('files a report once, with its reason trimmed', () => {
    spec
      .given([])
      .when(report())
      .then([
        {
          type: 'ContentReported',
          data: { reportId: 'r1', targetType: 'comment', targetId: 'c1', reporterId: 'u1', reason: 'Insult', at: NOW },
        },
      ]);
    spec
      .given([{ type: 'ContentReported', data: report().report }])
      .when(report())
      .thenThrows({ status: 409 });
  });

  it('needs a reason, and nobody reports themselves', () => {
    spec
      .given([])
      .when(report({ reason: ' ' }))
      .thenThrows({ message: M.reportReasonRequired });
    spec
      .given([])
      .when(report({ targetType: 'user', targetId: 'u1' }))
      .thenThrows({ message: M.selfReport });
  });

  it('keeps the link to the reported item as it was, and folds older reports without one', () => {
    const history = { streamId: 'comment-c1', version: 2 };
    spec
      .given([])
      .when(report({ history }))
      .then((events, state) => {
        expect(events[0]!.data).toMatchObject({ history });
        expect(state).toMatchObject({ filed: true, history });
      });
    expect(
      [{ type: 'ContentReported' as const, data: report().report }].reduce(
        contentReportDecider.evolve,
        contentReportDecider.initialState(),
      ),
    ).toMatchObject({ filed: true, targetId: 'c1', history: null });
  });

  it("folds a post's report (social's PostReported) for the audit view too", () => {
    spec
      .given([
        { type: 'PostReported', data: { reportId: 'r2', postId: 'p1', reporterId: 'u2', reason: 'Spam', at: NOW } },
      ])
      .when(report())
      .thenThrows('REPORT_EXISTS');
  });
});
