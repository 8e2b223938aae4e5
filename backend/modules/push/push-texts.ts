import type { WebPushPayload } from '@contract';

import type { PushCategory, PushLanguage } from './events';

/**
 * Which notifications are also pushed to a member's devices, under which of their settings: what a
 * member acts on or waits for, not every like or follow. Social: mentions, replies to their posts,
 * their communities (each post only where their setting for that community is 'all', since the
 * projector writes no notice otherwise) and the moderators' decisions on their posts. Courses: their
 * sales and purchases, a teacher's answer, an application decided, a refund, a certificate. Donations:
 * the opening (to members on the notify-me list), a donor's receipt, admins' funded and goal notices.
 */
export const PUSH_CATEGORY_OF: Readonly<Record<string, PushCategory>> = {
  message: 'messages',
  voice_message: 'messages',
  reply: 'messages',
  mention: 'social',
  // A comment is a reply to the member's post (a `reply` is one to their message).
  comment: 'social',
  community_post: 'social',
  community_announcement: 'social',
  community_join_request: 'social',
  community_join_approved: 'social',
  community_deleted: 'social',
  post_hidden: 'social',
  post_restored: 'social',
  post_appeal_accepted: 'social',
  post_appeal_rejected: 'social',
  course_sale: 'courses',
  course_purchase: 'courses',
  course_review: 'courses',
  instructor_reply: 'courses',
  course_approved: 'courses',
  course_rejected: 'courses',
  order_refunded: 'courses',
  course_completed: 'courses',
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

const SOMEONE: Record<PushLanguage, string> = { en: 'Someone', ar: 'أحدهم' };
const enc = encodeURIComponent;

/**
 * Members' words (names, a community's name, a course's title) inside the app's sentence, isolated
 * (U+2068…U+2069, the plain-text <bdi>) so a Latin name cannot reorder an Arabic line, nor the reverse.
 */
const isolate = (words: string) => `\u2068${words}\u2069`;

/** 'KSh 1,500' (platform/money.ts shillings(), as the notifications projector writes it) as Arabic writes it, '1,500 شلن' (frontend/src/i18n/money.ts). */
const shillingsInArabic = (text: string) => text.replace(/KSh ([\d,]+(?:\.\d{2})?)/g, '$1\u00a0شلن');

type Texts = { title: (name: string) => string; body?: (content: string) => string };

/**
 * A donation notice's facts as the projector writes them ('KSh 500 · ORP-KE-0042', support.ts in the
 * notifications projection), matched whole: said by `words`; a notice written before them (a
 * sentence) by `fallback`.
 */
const facts =
  (pattern: RegExp, words: (parts: string[]) => string, fallback: string) =>
  (content: string): string => {
    const m = pattern.exec(content);
    return m ? words(m.slice(1)) : fallback;
  };
const KSH = '(KSh [\\d,]+(?:\\.\\d{2})?)';
const ORPHAN = '(ORP-KE-[^ ·]+)';
const DONATION_FACTS = new RegExp(`^${KSH}(?: · ${ORPHAN})?$`);
const FUNDED_FACTS = new RegExp(`^${ORPHAN} · ${KSH} · ${KSH} · ${KSH}$`);
const GOAL_FACTS = new RegExp(`^${ORPHAN} · ${KSH}$`);

const EN: Record<string, Texts> = {
  message: { title: (n) => `New message from ${n}` },
  voice_message: { title: (n) => `Voice message from ${n}`, body: () => 'Tap to listen' },
  reply: { title: (n) => `${n} replied to your message` },
  mention: { title: (n) => `${n} mentioned you` },
  comment: { title: (n) => `${n} replied to your post` },
  community_post: { title: (n) => `${n} posted in your community` },
  community_announcement: { title: (n) => `New announcement from ${n}` },
  community_join_request: { title: (n) => `${n} asked to join`, body: (c) => isolate(c) },
  community_join_approved: {
    title: () => 'Your request to join was approved',
    body: (c) => `Welcome to ${isolate(c)}`,
  },
  community_deleted: { title: () => 'A community you were in was deleted', body: (c) => isolate(c) },
  post_hidden: { title: () => 'Your post was hidden by the moderators' },
  post_restored: { title: () => 'Your post is visible again' },
  post_appeal_accepted: { title: () => 'Your appeal was accepted', body: () => 'Your post is visible again.' },
  post_appeal_rejected: {
    title: () => 'Your post stays hidden',
    body: (c) => `The moderators reviewed your appeal: ${c}`,
  },
  course_sale: { title: () => 'You made a sale', body: (c) => `New enrolment in ${c}` },
  course_purchase: { title: () => 'Your course is ready', body: (c) => `Start learning: ${c}` },
  course_review: { title: (n) => `${n} reviewed your course` },
  instructor_reply: { title: (n) => `${n} replied to your review` },
  course_approved: { title: () => 'Your teacher application was approved' },
  course_rejected: { title: () => 'Your teacher application was not approved' },
  order_refunded: { title: () => 'Your refund is on its way' },
  course_completed: { title: () => 'Your certificate is ready', body: (c) => `You completed ${isolate(c)}` },
  donation_made: {
    title: () => 'Donation received',
    body: facts(
      DONATION_FACTS,
      ([amount, orphan]) => `Your gift of ${amount} to ${orphan ?? 'the general fund'} was received. Thank you!`,
      'Your donation was received. Thank you!',
    ),
  },
  orphan_funded: {
    title: () => 'New donation',
    body: facts(
      FUNDED_FACTS,
      ([orphan, amount, raised, goal]) => `${orphan} received ${amount}: ${raised} of ${goal} raised.`,
      'An orphan received a gift.',
    ),
  },
  goal_reached: {
    title: () => 'Goal reached',
    body: facts(
      GOAL_FACTS,
      ([orphan, goal]) => `${orphan} reached the goal of ${goal}.`,
      'A donation goal has been reached.',
    ),
  },
  donations_opened: { title: () => 'Donations are open', body: () => 'You can support an orphan now.' },
};

const AR: Record<string, Texts> = {
  message: { title: (n) => `رسالة جديدة من ${n}` },
  voice_message: { title: (n) => `رسالة صوتية من ${n}`, body: () => 'رسالة صوتية للاستماع' },
  reply: { title: (n) => `ردّ من ${n} على رسالتك` },
  mention: { title: (n) => `إشارة إليك من ${n}` },
  comment: { title: (n) => `ردّ من ${n} على منشورك` },
  community_post: { title: (n) => `منشور جديد من ${n} في مجتمعك` },
  community_announcement: { title: (n) => `إعلان جديد من ${n} في مجتمعك` },
  community_join_request: { title: (n) => `طلب انضمام من ${n}`, body: (c) => isolate(c) },
  community_join_approved: { title: () => 'قُبل طلب انضمامك', body: (c) => `مرحبًا بك في ${isolate(c)}` },
  community_deleted: { title: () => 'حُذف مجتمع كنت عضوًا فيه', body: (c) => isolate(c) },
  post_hidden: { title: () => 'أخفى المشرفون منشورك' },
  post_restored: { title: () => 'أصبح منشورك ظاهرًا من جديد' },
  post_appeal_accepted: { title: () => 'قُبل الاعتراض', body: () => 'أصبح منشورك ظاهرًا من جديد.' },
  post_appeal_rejected: { title: () => 'بقي منشورك مخفيًا', body: (c) => `راجع المشرفون الاعتراض: ${c}` },
  course_sale: { title: () => 'لديك عملية بيع جديدة', body: (c) => `تسجيل جديد في ${c}` },
  course_purchase: { title: () => 'دورتك جاهزة', body: (c) => `بدء التعلّم: ${c}` },
  course_review: { title: (n) => `تقييم جديد لدورتك من ${n}` },
  instructor_reply: { title: (n) => `ردّ من ${n} على تقييمك` },
  // The application's notice is written in English; the reason for a refusal is the admin's own words.
  course_approved: { title: () => 'تمت الموافقة على طلبك للتدريس', body: () => 'يمكنك الآن إنشاء الدورات ونشرها.' },
  course_rejected: { title: () => 'لم تتم الموافقة على طلبك للتدريس' },
  // 'KSh 1,500 · Tajweed' as the projector wrote it: the amount in the Arabic form, the titles as they are.
  order_refunded: { title: () => 'استرداد مبلغك في الطريق إليك', body: (c) => shillingsInArabic(c) },
  course_completed: { title: () => 'شهادة الإتمام جاهزة', body: (c) => `اكتملت دورة ${isolate(c)}` },
  // Donation notices' facts (amounts, an orphan's ORP-KE number) said in Arabic.
  donation_made: {
    title: () => 'تم استلام تبرعك',
    body: facts(
      DONATION_FACTS,
      ([amount, orphan]) =>
        `وصل تبرعك بمبلغ ${shillingsInArabic(amount!)} إلى ${orphan ? isolate(orphan) : 'الصندوق العام'}. جزاكم الله خيرًا!`,
      'جزاكم الله خيرًا، وصل التبرع بنجاح.',
    ),
  },
  orphan_funded: {
    title: () => 'تبرع جديد',
    body: facts(
      FUNDED_FACTS,
      ([orphan, amount, raised, goal]) =>
        `وصل ${shillingsInArabic(amount!)} إلى ${isolate(orphan!)}: جُمع ${shillingsInArabic(`${raised}`)} من ${shillingsInArabic(`${goal}`)}.`,
      'وصل تبرع جديد لأحد الأيتام.',
    ),
  },
  goal_reached: {
    title: () => 'تم بلوغ الهدف',
    body: facts(
      GOAL_FACTS,
      ([orphan, goal]) => `بلغ ${isolate(orphan!)} هدف الكفالة ${shillingsInArabic(`${goal}`)}.`,
      'بلغ أحد الأيتام هدف الكفالة.',
    ),
  },
  donations_opened: { title: () => 'باب التبرعات مفتوح', body: () => 'يمكنك الآن دعم يتيم وكفالته.' },
};

/** The screen a click opens: the same places as tapping the notification in the app (destination.ts). */
export function pushUrl(n: Pick<PushNotice, 'type' | 'targetId'>): string {
  const target = n.targetId === null ? null : enc(n.targetId);
  switch (n.type) {
    // A community notice's target is the community's slug: a request waits in its queue.
    case 'community_join_request':
      return target ? `/communities/${target}/requests` : '/communities';
    case 'community_join_approved':
      return target ? `/communities/${target}` : '/communities';
    case 'community_deleted':
      return '/communities';
    case 'course_purchase':
    case 'course_review':
    case 'instructor_reply':
      return target ? `/course/${target}` : '/learning';
    // A refund's notice names the order: the orders page shows where the money went.
    case 'order_refunded':
      return '/orders';
    case 'course_completed':
      return target ? `/certificates/${target}` : '/my-courses';
  }
  switch (PUSH_CATEGORY_OF[n.type]) {
    case 'messages':
      return target ? `/messages?conversation=${target}` : '/messages';
    // Posts: mentions, replies, community posts, and the moderators' decisions on the member's own.
    case 'social':
      return target ? `/post/${target}` : '/notifications';
    case 'courses':
      return '/learning';
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
  const name = isolate(clip(n.actorName.trim() || SOMEONE[language], MAX_NAME));
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
