import { i18n } from '@/i18n';

import { notificationText } from './text';
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
    expect(notificationText(n({ type: 'comment' }), ar)).toBe('علّق Bilal على منشورك');
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
    expect(notificationText(n({ actor: null }), ar)).toBe('أُعجب شخص ما بمنشورك');
  });

  it('has a sentence for a type it does not know', () => {
    expect(notificationText(n({ type: 'brand_new' }), en)).toBe('New notification from Bilal');
    expect(notificationText(n({ type: 'brand_new', actor: null }), en)).toBe('New notification');
  });
});
