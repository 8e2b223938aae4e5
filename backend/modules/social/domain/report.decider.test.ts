import { reportDecider } from './report.decider';

describe('report decider', () => {
  it('files a report once', () => {
    const report = { reportId: 'r1', postId: 'p1', reporterId: 'u2', reason: 'spam', at: '2026-11-23T10:00:00.000Z' };
    const [filed] = reportDecider.decide(reportDecider.initialState(), { type: 'FileReport', report });
    expect(filed).toEqual({ type: 'PostReported', data: report });
    expect(() => reportDecider.decide(reportDecider.evolve(reportDecider.initialState(), filed), { type: 'FileReport', report })).toThrow(
      expect.objectContaining({ status: 409 }),
    );
  });
});
