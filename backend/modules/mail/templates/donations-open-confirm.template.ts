import type { MailLocale } from '../mail-job';
import type { ListMailParams, MailContent } from './mail-content';

/**
 * The notify-me double opt-in: anyone may type any address on the support page, so the address is
 * mailed about donations only after its owner follows this link. It says plainly what to do when
 * someone else typed it: nothing.
 */
export function donationsOpenConfirm(locale: MailLocale, { link, unsubscribeLink }: ListMailParams): MailContent {
  if (locale === 'ar') {
    return {
      subject: 'تأكيد بريدك لتصلك رسالة فتح التبرعات في DeenConnect',
      greeting: 'السلام عليكم،',
      paragraphs: [
        'وصلنا من صفحة الدعم في DeenConnect طلبٌ بإعلام هذا البريد عند فتح التبرعات لكفالة الأيتام في كينيا، ونرجو أن يكون الطلب منك. بعد تأكيد هذا البريد نكتب إليك مرة واحدة عند فتحها.',
      ],
      action: { label: 'تأكيد بريدي', url: link },
      notes: ['إن لم يكن الطلب منك فيمكن تجاهل هذه الرسالة: لن نكتب إليك دون تأكيدك.'],
      unsubscribeUrl: unsubscribeLink,
    };
  }
  return {
    subject: 'Confirm your email to hear when DeenConnect donations open',
    greeting: 'Assalamu alaikum,',
    paragraphs: [
      "Someone, we hope you, asked on DeenConnect's support page to be told when donations for orphans in Kenya open. Confirm this address and we will write to you once, when they open.",
    ],
    action: { label: 'Confirm my email', url: link },
    notes: ['If you did not ask, ignore this email: without your confirmation we will not write to you.'],
    unsubscribeUrl: unsubscribeLink,
  };
}
