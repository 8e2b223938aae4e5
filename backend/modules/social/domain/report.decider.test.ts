import { DeciderSpec } from '@platform/decider/testing/decider-spec';

import { reportDecider } from './report.decider';

describe('report decider', () => {
  it('files a report once', () => {
    const report = { reportId: 'r1', postId: 'p1', reporterId: 'u2', reason: 'spam', at: '2026-11-23T10:00:00.000Z' };
    const spec = DeciderSpec.for(reportDecider);
    const { events: filed } = spec.when({ type: 'FileReport', report }).then([{ type: 'PostReported', data: report }]);
    spec.given(filed).when({ type: 'FileReport', report }).thenThrows({ status: 409 });
  });
});
