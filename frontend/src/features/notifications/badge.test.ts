import { i18n } from '@/i18n';

import { formatBadgeCount, notificationsTabLabel } from './badge';

describe('the unread badge', () => {
  it('shows the count, and 99+ above 99', () => {
    expect(formatBadgeCount(1, 'en')).toBe('1');
    expect(formatBadgeCount(99, 'en')).toBe('99');
    expect(formatBadgeCount(100, 'en')).toBe('99+');
    expect(formatBadgeCount(12345, 'en')).toBe('99+');
  });

  it('uses the language’s digits', () => {
    expect(formatBadgeCount(3, 'ar')).toBe(new Intl.NumberFormat('ar').format(3));
    expect(formatBadgeCount(500, 'ar')).toBe(`${new Intl.NumberFormat('ar').format(99)}+`);
  });

  it('labels the tab with the exact count, in English plurals', () => {
    const t = i18n.getFixedT('en');
    expect(notificationsTabLabel(t, 0)).toBe('Notifications');
    expect(notificationsTabLabel(t, 1)).toBe('Notifications, 1 unread');
    expect(notificationsTabLabel(t, 3)).toBe('Notifications, 3 unread');
    expect(notificationsTabLabel(t, 1500)).toBe('Notifications, 1,500 unread');
  });

  it('labels the tab in Arabic with its plural forms', () => {
    const t = i18n.getFixedT('ar');
    const n = (x: number) => new Intl.NumberFormat('ar').format(x);
    expect(notificationsTabLabel(t, 0)).toBe('الإشعارات');
    expect(notificationsTabLabel(t, 1)).toBe('الإشعارات، إشعار واحد غير مقروء');
    expect(notificationsTabLabel(t, 2)).toBe('الإشعارات، إشعاران غير مقروءين');
    expect(notificationsTabLabel(t, 3)).toBe(`الإشعارات، ${n(3)} إشعارات غير مقروءة`);
    expect(notificationsTabLabel(t, 11)).toBe(`الإشعارات، ${n(11)} إشعارًا غير مقروء`);
    expect(notificationsTabLabel(t, 100)).toBe(`الإشعارات، ${n(100)} إشعار غير مقروء`);
  });
});
