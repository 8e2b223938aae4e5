import type { WebPushPayload } from '@contract';

import type { PushCategory, PushLanguage } from './events';

/**
 * Which notifications are also pushed to a member's devices, under which of their settings. Donations:
 * the opening (to members on the notify-me list), a donor's receipt, admins' funded and goal notices.
 */
export const PUSH_CATEGORY_OF: Readonly<Record<string, PushCategory>> = {
  message: 'messages',
  voice_message: 'messages',
  reply: 'messages',
  mention: 'social',
  // A comment is a reply to the member's post (a `reply` is one to their message).
  comment: 'social',
  course_sale: 'courses',
  course_purchase: 'courses',
  donation_made: 'donations',
  orphan_funded: 'donations',
  goal_reached: 'donations',
  donations_opened: 'donations',
};

/** What a push is made from: the notification as the projector wrote it, and who acted. */
export interface PushNotice {
  notificationId: string;
  type: string;
  targetId: string | null;
  content: string;
  /** The actor's display name; '' for system notices or a member gone. */
  actorName: string;
}

type Texts = { title: (name: string) => string; body?: (content: string) => string };

const EN: Record<string, Texts> = {
  message: { title: (n) => `New message from ${n}` },
  voice_message: { title: (n) => `Voice message from ${n}`, body: () => 'Tap to listen' },
  reply: { title: (n) => `${n} replied to your message` },
  mention: { title: (n) => `${n} mentioned you` },
  comment: { title: (n) => `${n} replied to your post` },
  course_sale: { title: () => 'You made a sale', body: (c) => `New enrolment in ${c}` },
  course_purchase: { title: () => 'Your course is ready', body: (c) => `Start learning: ${c}` },
  donation_made: { title: () => 'Donation received' },
  orphan_funded: { title: () => 'New donation' },
  goal_reached: { title: () => 'Goal reached' },
  donations_opened: { title: () => 'Donations are open', body: () => 'You can support an orphan now.' },
};

const AR: Record<string, Texts> = {
  message: { title: (n) => `رسالة جديدة من ${n}` },
  voice_message: { title: (n) => `رسالة صوتية من ${n}`, body: () => 'رسالة صوتية للاستماع' },
  reply: { title: (n) => `ردّ من ${n} على رسالتك` },
  mention: { title: (n) => `إشارة إليك من ${n}` },
  comment: { title: (n) => `ردّ من ${n} على منشورك` },
  course_sale: { title: () => 'لديك عملية بيع جديدة', body: (c) => `تسجيل جديد في ${c}` },
  course_purchase: { title: () => 'دورتك جاهزة', body: (c) => `بدء التعلّم: ${c}` },
  // The projector writes these notices in English: an Arabic reader gets a sentence of their own.
  donation_made: { title: () => 'تم استلام تبرعك', body: () => 'جزاكم الله خيرًا، وصل التبرع بنجاح.' },
  orphan_funded: { title: () => 'تبرع جديد', body: () => 'وصل تبرع جديد لأحد الأيتام.' },
  goal_reached: { title: () => 'تم بلوغ الهدف', body: () => 'بلغ أحد الأيتام هدف الكفالة.' },
  donations_opened: { title: () => 'باب التبرعات مفتوح', body: () => 'يمكنك الآن دعم يتيم وكفالته.' },
};

const SOMEONE: Record<PushLanguage, string> = { en: 'Someone', ar: 'أحدهم' };
const enc = encodeURIComponent;

/** The screen a click opens: the same places as tapping the notification in the app (destination.ts). */
export function pushUrl(n: Pick<PushNotice, 'type' | 'targetId'>): string {
  switch (PUSH_CATEGORY_OF[n.type]) {
    case 'messages':
      return n.targetId ? `/messages?conversation=${enc(n.targetId)}` : '/messages';
    case 'social':
      return n.targetId ? `/post/${enc(n.targetId)}` : '/notifications';
    case 'courses':
      return n.type === 'course_purchase' && n.targetId ? `/course/${enc(n.targetId)}` : '/learning';
    case 'donations':
      return '/support';
    default:
      return '/notifications';
  }
}

/** Push services take 4 KB of ciphertext; what the service worker reads stays well under it. */
export const MAX_PAYLOAD_BYTES = 3072;
const MAX_BODY = 200;
const MAX_NAME = 60;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function pushPayload(n: PushNotice, language: PushLanguage): WebPushPayload {
  const texts = (language === 'ar' ? AR : EN)[n.type] ?? { title: () => n.type };
  const name = clip(n.actorName.trim() || SOMEONE[language], MAX_NAME);
  const body = clip(texts.body ? texts.body(n.content) : n.content, MAX_BODY);
  const payload = {
    id: n.notificationId,
    title: texts.title(name),
    body,
    url: pushUrl(n),
    // One conversation's messages replace each other on the device; other notices stand alone.
    tag:
      PUSH_CATEGORY_OF[n.type] === 'messages' && n.targetId
        ? `conversation:${n.targetId}`
        : `notification:${n.notificationId}`,
  };
  // Ids and the conversation id are the app's own (short); only the texts could grow.
  while (Buffer.byteLength(JSON.stringify(payload)) > MAX_PAYLOAD_BYTES && payload.body.length > 0)
    payload.body = payload.body.slice(0, Math.floor(payload.body.length / 2));
  return payload;
}
