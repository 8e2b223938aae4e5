import type { MailLocale } from '../mail-job';
import type { LinkMailParams, MailContent } from './mail-content';

/** Sent on "forgot password"; the link leads to /reset-password?token=... and lasts one hour. */
export function resetPassword(locale: MailLocale, { displayName, link }: LinkMailParams): MailContent {
  if (locale === 'ar') {
    return {
      subject: 'إعادة تعيين كلمة المرور في DeenConnect',
      greeting: `السلام عليكم ${displayName}،`,
      paragraphs: [
        'تلقّينا طلبًا لإعادة تعيين كلمة المرور لحسابك في DeenConnect. لاختيار كلمة مرور جديدة، يُرجى فتح الرابط.',
      ],
      action: { label: 'اختيار كلمة مرور جديدة', url: link },
      notes: [
        'هذا الرابط صالح لمدة ساعة واحدة.',
        'إن لم يكن طلب إعادة تعيين كلمة المرور منك، يمكنك تجاهل هذه الرسالة وستبقى كلمة مرورك كما هي.',
      ],
    };
  }
  return {
    subject: 'Reset your DeenConnect password',
    greeting: `Assalamu alaikum ${displayName},`,
    paragraphs: [
      'We received a request to reset the password of your DeenConnect account. Open the link to choose a new password.',
    ],
    action: { label: 'Choose a new password', url: link },
    notes: [
      'This link is valid for 1 hour.',
      'If you did not ask for a password reset, you can ignore this email; your password stays the same.',
    ],
  };
}
