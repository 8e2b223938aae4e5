import type { Doc } from '@platform/read-store/read-store.port';
import { buildProjectors, type ProjectorDeps } from '@projections/index';

import { inStream, projectionSpec, projectorDeps } from '../runner/testing/projection-spec';
import { NOTIFICATIONS } from './docs';
import { REPORT_OUTCOME, reportOutcomeText, subjectNoticeText } from './moderation';

interface Notification extends Doc {
  userId: string;
  actorId: string;
  type: string;
  targetId: string | null;
  targetType: string | null;
  content: string;
  position: string;
}

const MOD = '0190d7c4-0000-7000-8000-0000000000b1';
const AUTHOR = '0190d7c4-0000-7000-8000-0000000000b2';
const [R1, R2] = ['0190d7c4-0000-7000-8000-0000000000c1', '0190d7c4-0000-7000-8000-0000000000c2'];
const P = '0190d7c4-0000-7000-8000-0000000000d1';
const AT = '2026-11-29T10:00:00.000Z';

const CREATED = {
  userId: AUTHOR,
  type: 'text',
  content: 'Salaam',
  hashtags: [],
  mentions: [],
  poll: null,
  quotedPostId: null,
  imageCaptions: [],
  limited: false,
};

const notifications = (deps: ProjectorDeps) => buildProjectors(deps).find((p) => p.name === 'notifications')!;
const acted = (action: string, reporterIds: string[]) =>
  inStream(`moderation-post-${P}`, {
    type: 'ModerationActionTaken',
    data: {
      targetType: 'post',
      targetId: P,
      action,
      moderatorId: MOD,
      reason: 'Private moderator note',
      until: null,
      subjectId: AUTHOR,
      reporterIds,
      reportIds: reporterIds.map((r) => `report-of-${r}`),
      at: AT,
    },
  });

describe("notifications of a report's outcome", () => {
  it('names each outcome in English and Arabic, within what a notification holds', () => {
    for (const [action, text] of Object.entries(REPORT_OUTCOME)) {
      const content = reportOutcomeText(action as keyof typeof REPORT_OUTCOME)!;
      expect(content.split('\n')).toEqual([text.en, text.ar]);
      // The notifier cuts content at 120 characters.
      expect(content.length).toBeLessThanOrEqual(120);
      expect(text.ar).toMatch(/[\u0600-\u06FF]/);
    }
    expect(reportOutcomeText('restore')).toBeNull();
  });

  it('tells each reporter from the platform, not the moderator, and never their reason', async () => {
    await projectionSpec(notifications, projectorDeps)
      .given([...acted('hide', [R1, R2]), ...acted('dismiss', [R1]), ...acted('restore', [])])
      .thenCollection<Notification>(NOTIFICATIONS, (docs) => {
        const told = docs
          .filter((d) => d.userId !== AUTHOR)
          .map((d) => `${d.userId === R1 ? 'r1' : 'r2'} ${d.actorId} ${d.type} ${String(d.targetId)}: ${d.content}`)
          .sort();
        expect(told).toEqual(
          [
            `r1 system admin_announcement null: ${reportOutcomeText('hide')}`,
            `r2 system admin_announcement null: ${reportOutcomeText('hide')}`,
            `r1 system admin_announcement null: ${reportOutcomeText('dismiss')}`,
          ].sort(),
        );
        expect(JSON.stringify(docs.filter((d) => d.userId !== AUTHOR))).not.toContain('Private moderator note');
      });
  });

  it("tells the author of a hidden post why, and each appeal's outcome, from the platform and opening the post", async () => {
    const post = (type: string, data: Record<string, unknown>) =>
      inStream(`post-${P}`, { type, data: { postId: P, at: AT, ...data } });
    const hidden = (reason: string, more: Record<string, unknown> = {}) =>
      post('PostHidden', { moderatorId: MOD, reason, ...more });
    const restored = post('PostRestored', { moderatorId: MOD, reason: 'Looked again' });
    const appealed = post('PostAppealed', {
      userId: AUTHOR,
      text: 'A reminder',
      hiding: { moderatorId: MOD, reason: 'Spam', at: AT },
    });
    await projectionSpec(notifications, projectorDeps)
      .given([
        ...post('PostCreated', { ...CREATED, createdAt: AT }),
        // The moderation record says nothing to the author: the post's events do.
        ...acted('hide', [R1]),
        ...hidden('Spam ring'),
        ...appealed,
        ...post('PostAppealRejected', { moderatorId: MOD, reason: 'Still spam' }),
        ...restored,
        ...hidden('Off topic'),
        ...appealed,
        ...restored,
        ...hidden('Wrong circle', { communityId: 'c1' }),
      ])
      .thenCollection<Notification>(NOTIFICATIONS, (docs) => {
        const author = docs
          .filter((d) => d.userId === AUTHOR)
          .sort((a, b) => String(a.position).localeCompare(String(b.position)));
        expect(author.map((d) => `${d.actorId} ${d.type} ${String(d.targetId)} ${d.targetType}: ${d.content}`)).toEqual(
          [
            `system post_hidden ${P} post: Spam ring`,
            `system post_appeal_rejected ${P} post: Still spam`,
            `system post_restored ${P} post: `,
            `system post_hidden ${P} post: Off topic`,
            `system post_appeal_accepted ${P} post: `,
          ],
        );
        expect(JSON.stringify(author)).not.toContain('Looked again');
      });
  });

  it("tells the app's moderators and admins that an appeal waits, with its words, until it is decided", async () => {
    const [ADMIN, DEMOTED, GONE, AUTHOR_STAFF] = [
      '0190d7c4-0000-7000-8000-0000000000e1',
      '0190d7c4-0000-7000-8000-0000000000e2',
      '0190d7c4-0000-7000-8000-0000000000e3',
      '0190d7c4-0000-7000-8000-0000000000e4',
    ];
    const Q = '0190d7c4-0000-7000-8000-0000000000d2';
    const role = (userId: string, role: string, previousRole = 'user') =>
      inStream(`user-${userId}`, { type: 'RoleChanged', data: { role, previousRole } });
    const on = (postId: string, type: string, data: Record<string, unknown>) =>
      inStream(`post-${postId}`, { type, data: { postId, at: AT, ...data } });
    const appealed = (postId: string, by: string) =>
      on(postId, 'PostAppealed', {
        userId: by,
        text: 'A reminder, not an advert',
        hiding: { moderatorId: MOD, reason: 'Spam', at: AT },
      });
    await projectionSpec(notifications, projectorDeps)
      .given([
        ...role(MOD, 'moderator'),
        ...role(ADMIN, 'admin'),
        ...role(AUTHOR_STAFF, 'moderator'),
        ...role(DEMOTED, 'moderator'),
        ...role(DEMOTED, 'user', 'moderator'),
        ...role(GONE, 'moderator'),
        ...inStream(`user-${GONE}`, { type: 'AccountDeleted', data: { deletedAt: AT } }),
        // A moderator's own hidden post: the others hear of their appeal, they do not.
        ...on(P, 'PostCreated', { ...CREATED, userId: AUTHOR_STAFF, createdAt: AT }),
        ...appealed(P, AUTHOR_STAFF),
        // Another appeal, decided: nobody is left with it to do.
        ...on(Q, 'PostCreated', { ...CREATED, createdAt: AT }),
        ...appealed(Q, AUTHOR),
        ...on(Q, 'PostAppealRejected', { moderatorId: MOD, reason: 'Still spam' }),
      ])
      .thenCollection<Notification>(NOTIFICATIONS, (docs) => {
        const staff = docs.filter((d) => d.type === 'post_appealed');
        expect(staff.map((d) => `${d.userId} ${d.actorId} ${String(d.targetId)}: ${d.content}`).sort()).toEqual(
          [
            `${ADMIN} ${AUTHOR_STAFF} ${P}: A reminder, not an advert`,
            `${MOD} ${AUTHOR_STAFF} ${P}: A reminder, not an advert`,
          ].sort(),
        );
      });
  });

  it("takes an appeal's notice back with its author's account", async () => {
    await projectionSpec(notifications, projectorDeps)
      .given([
        ...inStream(`user-${MOD}`, { type: 'RoleChanged', data: { role: 'moderator', previousRole: 'user' } }),
        ...inStream(`post-${P}`, { type: 'PostCreated', data: { postId: P, ...CREATED, createdAt: AT } }),
        ...inStream(`post-${P}`, {
          type: 'PostAppealed',
          data: {
            postId: P,
            userId: AUTHOR,
            text: 'Mine',
            hiding: { moderatorId: MOD, reason: 'Spam', at: AT },
            at: AT,
          },
        }),
        ...inStream(`user-${AUTHOR}`, { type: 'AccountDeleted', data: { deletedAt: AT } }),
      ])
      .thenCollection<Notification>(NOTIFICATIONS, (docs) => {
        expect(docs.filter((d) => d.type === 'post_appealed')).toEqual([]);
      });
  });

  it('words every notice to the member acted on in both languages, the reason last', () => {
    // A post's author hears from the post's own events (above).
    expect(subjectNoticeText('hide', null, 'Spam')).toBeNull();
    expect(subjectNoticeText('restore', null, 'Spam')).toBeNull();
    expect(subjectNoticeText('reject_appeal', null, 'Spam')).toBeNull();
    expect(subjectNoticeText('delete', null, ' Spam ')).toBe(
      'A moderator removed your comment.\nأزال فريق الإشراف تعليقك.\nSpam',
    );
    expect(subjectNoticeText('suspend', '2026-12-01', 'Abuse')).toBe(
      'Your account is suspended until 2026-12-01.\nأُوقف حسابك مؤقتًا حتى 2026-12-01.\nAbuse',
    );
    expect(subjectNoticeText('unsuspend', null, 'Appeal upheld')).toBe(
      'Your account is active again.\nعاد حسابك نشطًا.',
    );
    expect(subjectNoticeText('dismiss', null, 'x')).toBeNull();
  });
});
