import { i18n } from '@/i18n';

import { destinationOf } from './destination';
import { notificationSnippet, notificationText } from './text';
import type { AppNotification } from './types';

/** The notice of a certificate of completion (issue 40): from the platform, about the learner's course. */
const notice = (over: Partial<AppNotification> = {}): AppNotification => ({
  id: 'course_completed:K7M2Q9X4B8C3D5F6',
  type: 'course_completed',
  category: 'courses',
  content: 'Foundations of Fiqh',
  isRead: false,
  createdAt: '2026-11-25T10:00:00.000Z',
  targetId: 'K7M2Q9X4B8C3D5F6',
  targetType: 'certificate',
  actor: null,
  ...over,
});

describe('the course completed notice', () => {
  it('names the course in the sentence, in both languages, and not again under it', () => {
    expect(notificationText(notice(), i18n.getFixedT('en'))).toBe(
      'You completed \u2068Foundations of Fiqh\u2069: your certificate is ready',
    );
    expect(notificationText(notice({ content: 'فقه العبادات' }), i18n.getFixedT('ar'))).toBe(
      'اكتملت دورة \u2068فقه العبادات\u2069، وشهادة الإتمام جاهزة',
    );
    expect(notificationSnippet(notice())).toBeNull();
  });

  it('leads to the certificate', () => {
    expect(destinationOf(notice())).toBe('/certificates/K7M2Q9X4B8C3D5F6');
    expect(destinationOf(notice({ targetId: null }))).toBe('/my-courses');
  });
});
