import { newId } from '@platform/ids';

import { inStream, projectionSpec } from '../runner/testing/projection-spec';
import { REPORT_GROUPS, type ReportGroupDoc } from './docs';
import { moderationProjector } from './moderation.projector';

const P = '0190d7c4-0000-7000-8000-0000000000f1';
const at = (m: number) => `2026-11-26T10:0${m}:00.000Z`;
const postReported = (reporterId: string, reason: string, m: number) =>
  inStream(`report-${newId()}`, {
    type: 'PostReported',
    data: { reportId: newId(), postId: P, reporterId, reason, at: at(m) },
  });
const actionData = (name: string, m: number) => ({
  targetType: 'post',
  targetId: P,
  action: name,
  moderatorId: 'mod',
  reason: 'Checked',
  until: null,
  subjectId: 'author',
  reporterIds: [],
  at: at(m),
});
const action = (name: string, m: number) =>
  inStream(`moderation-post-${P}`, { type: 'ModerationActionTaken', data: actionData(name, m) });

describe('moderation projector', () => {
  it('groups the reports of a target: count, distinct reasons newest first, reporters, first and last time', async () => {
    await projectionSpec(moderationProjector)
      .given(postReported('a', 'Spam', 1))
      .given(postReported('b', 'Hate', 2))
      .given(postReported('b', 'Spam', 3))
      .inBatchesOf(2)
      .then(REPORT_GROUPS, `post:${P}`, {
        targetType: 'post',
        targetId: P,
        status: 'open',
        count: 3,
        reasons: ['Spam', 'Hate'],
        reporterIds: ['a', 'b'],
        firstReportedAt: at(1),
        lastReportedAt: at(3),
        resolution: null,
      });
  });

  it('a resolving action closes the round; a later report opens a new one; a restore answers nothing', async () => {
    await projectionSpec(moderationProjector)
      .given(postReported('a', 'Spam', 1))
      .given(action('hide', 2))
      .then(REPORT_GROUPS, `post:${P}`, {
        status: 'resolved',
        resolution: { action: 'hide', moderatorId: 'mod', reason: 'Checked', at: at(2) },
      });
    await projectionSpec(moderationProjector)
      .given(postReported('a', 'Spam', 1))
      .given(action('hide', 2))
      .given(action('restore', 3))
      .given(postReported('c', 'Nudity', 4))
      .then(async ({ collection }) => {
        const group = await collection<ReportGroupDoc>(REPORT_GROUPS).get(`post:${P}`);
        expect(group).toMatchObject({
          status: 'open',
          count: 1,
          reasons: ['Nudity'],
          reporterIds: ['c'],
          firstReportedAt: at(4),
        });
      });
  });

  it("keeps the round's report ids, reason keys and the history link of its first and latest report", async () => {
    const link = (version: number) => ({ streamId: `post-${P}`, version });
    const filed = (reportId: string, reason: string, m: number, version: number | null) =>
      inStream(`report-${reportId}`, {
        type: 'PostReported',
        data: {
          reportId,
          postId: P,
          reporterId: `r${m}`,
          reason,
          at: at(m),
          ...(version === null ? {} : { history: link(version) }),
        },
      });
    const withReports = (reportIds: string[] | undefined) =>
      inStream(`moderation-post-${P}`, {
        type: 'ModerationActionTaken',
        data: { ...actionData('hide', 4), ...(reportIds && { reportIds }) },
      });
    await projectionSpec(moderationProjector)
      .given(filed('rep1', 'Spam', 1, 0))
      .given(filed('rep2', ' SPAM ', 2, 1))
      .given(filed('rep3', 'Hate  speech', 3, 3))
      .then(REPORT_GROUPS, `post:${P}`, {
        reportIds: ['rep1', 'rep2', 'rep3'],
        reasonKeys: ['spam', 'hate speech'],
        history: { first: link(0), latest: link(3) },
      });
    // Reports filed before the link was kept fold with none; the round's ids still close with it.
    await projectionSpec(moderationProjector)
      .given(filed('rep1', 'Spam', 1, null))
      .given(withReports(undefined))
      .then(REPORT_GROUPS, `post:${P}`, {
        history: { first: null, latest: null },
        resolution: { action: 'hide', reportIds: ['rep1'] },
      });
    await projectionSpec(moderationProjector)
      .given(filed('rep1', 'Spam', 1, 0))
      .given(withReports(['rep1']))
      .given(filed('rep2', 'Other', 5, 2))
      .then(REPORT_GROUPS, `post:${P}`, {
        status: 'open',
        reportIds: ['rep2'],
        reasonKeys: ['other'],
        history: { first: link(2), latest: link(2) },
      });
  });

  it('leaves no entry for an action on something nobody reported', async () => {
    await projectionSpec(moderationProjector).given(action('hide', 1)).thenNotFound(REPORT_GROUPS, `post:${P}`);
  });
});
