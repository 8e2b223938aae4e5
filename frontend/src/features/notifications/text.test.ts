import { i18n } from '@/i18n';
import { formatKes } from '@/i18n/money';

import { notificationSnippet, notificationText } from './text';
import type { AppNotification } from './types';

const n = (over: Partial<AppNotification>): AppNotification => ({
  id: 'n1',
  type: 'like',
  category: 'social',
  content: '',
  isRead: false,
  createdAt: '2026-03-18T09:00:00.000Z',
  targetId: 'p1',
  targetType: 'post',
  actor: { id: 'u2', name: 'Bilal', username: 'bilal', profileImage: null },
  ...over,
});

describe('notificationText', () => {
  const en = i18n.getFixedT('en');
  const ar = i18n.getFixedT('ar');

  it('says who did what, in both languages', () => {
    expect(notificationText(n({ type: 'comment' }), en)).toBe('Bilal commented on your post');
    expect(notificationText(n({ type: 'comment' }), ar)).toBe('تعليق من Bilal على منشورك');
    expect(notificationText(n({ type: 'follow' }), en)).toBe('Bilal started following you');
    expect(notificationText(n({ type: 'course_approved', actor: null }), en)).toBe(
      'Your teacher application was approved',
    );
  });

  it('falls back to the username, then to "Someone"', () => {
    expect(notificationText(n({ actor: { id: 'u2', name: ' ', username: 'bilal', profileImage: null } }), en)).toBe(
      'bilal liked your post',
    );
    expect(notificationText(n({ actor: null }), en)).toBe('Someone liked your post');
    expect(notificationText(n({ actor: null }), ar)).toBe('إعجاب من شخص ما بمنشورك');
  });

  describe('community notices', () => {
    // Each name is isolated (FSI … PDI), so one in the other script keeps the sentence's order.
    const iso = (value: string) => `\u2068${value}\u2069`;
    const post = n({ type: 'community_post', content: 'Class moves to Thursday' });
    const pinned = n({ type: 'community_announcement', content: 'Eid prayer at 7:00' });
    const request = n({
      type: 'community_join_request',
      targetType: 'community',
      targetId: 'tajweed',
      content: 'حلقة التجويد',
    });
    const approved = n({
      type: 'community_join_approved',
      targetType: 'community',
      targetId: 'tajweed',
      content: 'Tajweed Circle',
    });

    it('a new post in a community the member follows, with the post under it', () => {
      expect(notificationText(post, en)).toBe(`${iso('Bilal')} posted in your community`);
      expect(notificationText(post, ar)).toBe(`منشور جديد من ${iso('Bilal')} في مجتمعك`);
      expect(notificationSnippet(post)).toBe('Class moves to Thursday');
    });

    it('a pinned announcement', () => {
      expect(notificationText(pinned, en)).toBe(`New announcement from ${iso('Bilal')} in your community`);
      expect(notificationText(pinned, ar)).toBe(`إعلان جديد من ${iso('Bilal')} في مجتمعك`);
      expect(notificationSnippet(pinned)).toBe('Eid prayer at 7:00');
    });

    it('a join request names the community in the sentence, not again under it', () => {
      expect(notificationText(request, en)).toBe(`${iso('Bilal')} asked to join ${iso('حلقة التجويد')}`);
      expect(notificationText(request, ar)).toBe(`طلب انضمام من ${iso('Bilal')} إلى ${iso('حلقة التجويد')}`);
      expect(notificationSnippet(request)).toBeNull();
    });

    it('an approval says which community the member is now in', () => {
      expect(notificationText(approved, en)).toBe(`You're now a member of ${iso('Tajweed Circle')}`);
      expect(notificationText(approved, ar)).toBe(`قُبل طلب انضمامك إلى ${iso('Tajweed Circle')}`);
      expect(notificationSnippet(approved)).toBeNull();
      expect(notificationText({ ...approved, content: '' }, en)).toBe(`You're now a member of ${iso('a community')}`);
    });

    it('a deletion names the community and who deleted it, or says the app closed it', () => {
      const deleted = { ...approved, type: 'community_deleted' };
      expect(notificationText(deleted, en)).toBe(`${iso('Bilal')} deleted ${iso('Tajweed Circle')}`);
      expect(notificationText(deleted, ar)).toBe(`حذف ${iso('Bilal')} مجتمع ${iso('Tajweed Circle')}`);
      expect(notificationText({ ...deleted, actor: null }, en)).toBe(
        `${iso('Tajweed Circle')} was closed by the app's moderators`,
      );
      expect(notificationText({ ...deleted, actor: null }, ar)).toBe(
        `أغلق مشرفو التطبيق مجتمع ${iso('Tajweed Circle')}`,
      );
      expect(notificationSnippet(deleted)).toBeNull();
    });

    it('falls back to "Someone" for a missing actor', () => {
      expect(notificationText({ ...request, actor: null }, en)).toBe(
        `${iso('Someone')} asked to join ${iso('حلقة التجويد')}`,
      );
    });
  });

  it('has a sentence for a type it does not know', () => {
    expect(notificationText(n({ type: 'brand_new' }), en)).toBe('New notification from Bilal');
    expect(notificationSnippet(n({ type: 'brand_new', content: 'Hello' }))).toBe('Hello');
    expect(notificationText(n({ type: 'brand_new', actor: null }), en)).toBe('New notification');
  });

  it("says a refund's amount the reader's way, the courses as written", () => {
    const refund = n({ type: 'order_refunded', actor: null, content: 'KSh 1,500.50 · Tajweed, Seerah' });
    expect(notificationSnippet(refund, 'en')).toBe('KSh\u00a01,500.50 · Tajweed, Seerah');
    expect(notificationSnippet(refund, 'ar')).toBe(`${formatKes('1500.50', 'ar')} · Tajweed, Seerah`);
    expect(notificationSnippet(refund, 'ar')).toContain('شلن');
    // Anything else is shown as it was written.
    expect(notificationSnippet(n({ type: 'comment', content: 'KSh 5 is cheap' }), 'ar')).toBe('KSh 5 is cheap');
  });

  it("says a donation notice's facts in the reader's words and numbers, the ORP-KE number isolated", () => {
    const notice = (type: string, content: string) => n({ type, actor: null, content });
    const said = (type: string, content: string, lang: 'en' | 'ar') =>
      notificationSnippet(notice(type, content), lang, lang === 'en' ? en : ar);
    const orphan = '\u2068ORP-KE-0042\u2069';
    expect(said('donation_made', 'KSh 500 · ORP-KE-0042', 'en')).toBe(`KSh\u00a0500 to ${orphan}`);
    expect(said('donation_made', 'KSh 500 · ORP-KE-0042', 'ar')).toBe(`${formatKes(500, 'ar')} إلى ${orphan}`);
    expect(said('donation_made', 'KSh 20.50', 'ar')).toBe(`${formatKes('20.50', 'ar')} إلى الصندوق العام`);
    const funded = 'ORP-KE-0042 · KSh 500 · KSh 5,500 · KSh 35,000';
    expect(said('orphan_funded', funded, 'en')).toBe(
      `${orphan}: KSh\u00a0500, KSh\u00a05,500 of KSh\u00a035,000 raised`,
    );
    expect(said('orphan_funded', funded, 'ar')).toBe(
      `${orphan}: ${formatKes(500, 'ar')}، جُمع ${formatKes(5500, 'ar')} من ${formatKes(35000, 'ar')}`,
    );
    expect(said('goal_reached', 'ORP-KE-0042 · KSh 35,000', 'ar')).toBe(
      `بلغ ${orphan} هدفه: ${formatKes(35000, 'ar')}`,
    );
    // A notice from before facts (an English sentence) is shown as written.
    const old = 'Thank you: your donation of KSh 600 to ORP-KE-0042 was received.';
    expect(said('donation_made', old, 'ar')).toBe(old);
  });
});
