import { render } from '@testing-library/react';

import { i18n } from '@/i18n';

import { NotificationAvatar } from './components/NotificationAvatar';
import { destinationOf } from './destination';
import { notificationSnippet, notificationText } from './text';
import type { AppNotification } from './types';

/** What a post's author is told of the moderators' decisions (projections/notifications/moderation.ts). */
const notice = (type: string, content = ''): AppNotification => ({
  id: 'n1',
  type,
  category: 'system',
  content,
  isRead: false,
  createdAt: '2026-11-30T10:00:00.000Z',
  targetId: 'p 1',
  targetType: 'post',
  actor: null,
});
const iso = (value: string) => `\u2068${value}\u2069`;

function appMark(type: string) {
  const { container } = render(<NotificationAvatar notification={notice(type)} />);
  expect(container.querySelector('img')).toHaveAttribute('src', '/icons/icon-192.png');
  expect(container.querySelector('.avatar--placeholder')).toBeNull();
}

describe("notices of the moderators' decisions on a member's post", () => {
  const en = i18n.getFixedT('en');
  const ar = i18n.getFixedT('ar');

  it('says the post was hidden with the reason in the sentence, in both languages, and nothing under it', () => {
    const hidden = notice('post_hidden', 'Selling in the feed');
    expect(notificationText(hidden, en)).toBe(`Your post was hidden by the moderators: ${iso('Selling in the feed')}`);
    expect(notificationText(notice('post_hidden', 'بيع في الصفحة'), ar)).toBe(
      `أخفى المشرفون منشورك: ${iso('بيع في الصفحة')}`,
    );
    expect(notificationSnippet(hidden)).toBeNull();
  });

  it("tells each appeal's outcome", () => {
    expect(notificationText(notice('post_appeal_rejected', 'Still selling'), en)).toBe(
      `The moderators reviewed your appeal and kept your post hidden: ${iso('Still selling')}`,
    );
    expect(notificationText(notice('post_appeal_accepted'), en)).toBe(
      'Your appeal was accepted: your post is visible again',
    );
    expect(notificationText(notice('post_appeal_accepted'), ar)).toBe('قُبل الاعتراض: أصبح منشورك ظاهرًا من جديد');
    expect(notificationText(notice('post_restored'), en)).toBe('Your post is visible again');
    expect(notificationSnippet(notice('post_appeal_rejected', 'Still selling'))).toBeNull();
  });

  it("tells a moderator that an appeal waits, with the author's words under it, and opens the appeals queue", () => {
    const appeal = notice('post_appealed', 'It is a reminder');
    expect(notificationText(appeal, en)).toBe('A member appealed the hiding of their post');
    expect(notificationText(appeal, ar)).toBe('اعتراض جديد على إخفاء منشور بانتظار المراجعة');
    expect(notificationSnippet(appeal)).toBe('It is a reminder');
    expect(destinationOf(appeal)).toBe('/moderation?tab=appeals');
  });

  it.each(['post_hidden', 'post_restored', 'post_appeal_accepted', 'post_appeal_rejected'])(
    '%s opens the post, and wears the app’s mark rather than anyone’s initial',
    (type) => {
      expect(destinationOf(notice(type, 'x'))).toBe('/post/p%201');
      appMark(type);
    },
  );

  it('wears the app’s mark on an appeal’s notice to the moderators', () => appMark('post_appealed'));
});
