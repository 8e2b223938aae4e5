import type { MailLocale } from '../mail-job';
import type { ListMailParams, MailContent } from './mail-content';

/**
 * Sent once per opening to everyone who asked on the support page to hear when donations open
 * (spec part 2 §2, §5). A guest has no display name: the greeting then names no one.
 */
export function donationsOpen(locale: MailLocale, { displayName, link, unsubscribeLink }: ListMailParams): MailContent {
  if (locale === 'ar') {
    return {
      subject: 'التبرعات مفتوحة الآن في DeenConnect',
      greeting: displayName ? `السلام عليكم ${displayName}،` : 'السلام عليكم،',
      paragraphs: [
        'بناءً على طلبك، نُعلمك بفتح التبرعات لكفالة الأيتام في كينيا. التبرعات مفتوحة الآن عبر M-Pesa أو البطاقة.',
      ],
      action: { label: 'التبرع الآن', url: link },
      notes: ['تصلك هذه الرسالة مرة واحدة لأنك طلبتها من صفحة الدعم.'],
      unsubscribeUrl: unsubscribeLink,
    };
  }
  return {
    subject: 'Donations are open on DeenConnect',
    greeting: displayName ? `Assalamu alaikum ${displayName},` : 'Assalamu alaikum,',
    paragraphs: [
      'You asked us to tell you when donations for orphans in Kenya open. They are open now, by M-Pesa or card.',
    ],
    action: { label: 'Donate now', url: link },
    notes: ['You receive this email once because you asked for it on the support page.'],
    unsubscribeUrl: unsubscribeLink,
  };
}
