import { PUSH_CATEGORY_OF, pushPayload } from './push-texts';

const notice = (type: string, targetId: string | null, content = 'Tajweed for beginners') => ({
  notificationId: `${type}:n1`,
  type,
  targetId,
  content,
  actorName: 'Bilal',
});

describe('push texts', () => {
  it('opens the screen tapping the notification in the app opens, per type', () => {
    const url = (type: string, target: string | null) => pushPayload(notice(type, target), 'en').url;
    expect(url('message', 'c 1')).toBe('/messages?conversation=c%201');
    expect(url('voice_message', 'c1')).toBe('/messages?conversation=c1');
    expect(url('reply', 'c1')).toBe('/messages?conversation=c1');
    expect(url('mention', 'p1')).toBe('/post/p1');
    expect(url('comment', 'p1')).toBe('/post/p1');
    expect(url('course_purchase', 'k1')).toBe('/course/k1');
    expect(url('course_sale', 'k1')).toBe('/learning');
    for (const type of ['donation_made', 'orphan_funded', 'goal_reached', 'donations_opened'])
      expect(url(type, 'o1')).toBe('/support');
    expect(url('community_join_request', 'tajweed-circle')).toBe('/communities/tajweed-circle/requests');
    expect(url('community_join_approved', 'tajweed-circle')).toBe('/communities/tajweed-circle');
    expect(url('post_hidden', 'p1')).toBe('/post/p1');
    expect(url('order_refunded', 'o1')).toBe('/orders');
    expect(url('course_completed', 'cert 1')).toBe('/certificates/cert%201');
  });

  it('says each pushed type in English and Arabic', () => {
    for (const type of Object.keys(PUSH_CATEGORY_OF)) {
      const en = pushPayload(notice(type, 'x'), 'en');
      const ar = pushPayload(notice(type, 'x'), 'ar');
      expect(en.title).not.toBe(type);
      expect(ar.title).toMatch(/[\u0600-\u06FF]/);
      expect(ar.title).not.toBe(en.title);
    }
    expect(pushPayload(notice('course_sale', 'k1'), 'en')).toMatchObject({
      title: 'You made a sale',
      body: 'New enrolment in Tajweed for beginners',
    });
    expect(pushPayload(notice('course_purchase', 'k1'), 'ar').body).toBe('بدء التعلّم: Tajweed for beginners');
    expect(pushPayload({ ...notice('message', 'c1', 'hi'), actorName: '' }, 'en').title).toBe(
      'New message from \u2068Someone\u2069',
    );
    // Members' words are isolated inside the sentence; a refund's amount is written the Arabic way.
    expect(pushPayload(notice('community_post', 'p1', 'Salaam'), 'ar')).toMatchObject({
      title: 'منشور جديد من \u2068Bilal\u2069 في مجتمعك',
      body: 'Salaam',
    });
    expect(pushPayload(notice('course_completed', 'c1', 'Tajweed (1)'), 'ar').body).toBe(
      'اكتملت دورة \u2068Tajweed (1)\u2069',
    );
    expect(pushPayload(notice('order_refunded', 'o1', 'KSh 1,500.50 · Tajweed'), 'ar').body).toBe(
      '1,500.50\u00a0شلن · Tajweed',
    );
    expect(pushPayload(notice('order_refunded', 'o1', 'KSh 1,500 · Tajweed'), 'en').body).toBe('KSh 1,500 · Tajweed');
  });

  // Donation notices carry facts, said in the device's language; a notice from before them (an
  // English sentence) gets a sentence of the app's.
  it.each([
    [
      'donation_made',
      'KSh 1,000 · ORP-KE-0042',
      'en',
      'Your gift of KSh 1,000 to ORP-KE-0042 was received. Thank you!',
    ],
    [
      'donation_made',
      'KSh 1,000 · ORP-KE-0042',
      'ar',
      'وصل تبرعك بمبلغ 1,000\u00a0شلن إلى \u2068ORP-KE-0042\u2069. جزاكم الله خيرًا!',
    ],
    ['donation_made', 'KSh 20.50', 'ar', 'وصل تبرعك بمبلغ 20.50\u00a0شلن إلى الصندوق العام. جزاكم الله خيرًا!'],
    [
      'orphan_funded',
      'ORP-KE-0042 · KSh 500 · KSh 5,500 · KSh 35,000',
      'en',
      'ORP-KE-0042 received KSh 500: KSh 5,500 of KSh 35,000 raised.',
    ],
    [
      'orphan_funded',
      'ORP-KE-0042 · KSh 500 · KSh 5,500 · KSh 35,000',
      'ar',
      'وصل 500\u00a0شلن إلى \u2068ORP-KE-0042\u2069: جُمع 5,500\u00a0شلن من 35,000\u00a0شلن.',
    ],
    ['goal_reached', 'ORP-KE-0042 · KSh 35,000', 'ar', 'بلغ \u2068ORP-KE-0042\u2069 هدف الكفالة 35,000\u00a0شلن.'],
    [
      'donation_made',
      'Thank you: your donation of KSh 1,000 to ORP-KE-0042 was received.',
      'ar',
      'جزاكم الله خيرًا، وصل التبرع بنجاح.',
    ],
    ['orphan_funded', 'ORP-KE-0042 received KSh 600: KSh 600 of KSh 1,000 raised.', 'en', 'An orphan received a gift.'],
  ] as const)('says %s %j in %s', (type, content, language, body) => {
    expect(pushPayload(notice(type, null, content), language).body).toBe(body);
  });
});
