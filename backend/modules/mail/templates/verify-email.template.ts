import type { MailLocale } from '../mail-job';
import type { LinkMailParams, MailContent } from './mail-content';

/** Sent after sign-up and on "resend verification"; posting and commenting wait for it. */
export function verifyEmail(locale: MailLocale, { displayName, link }: LinkMailParams): MailContent {
  if (locale === 'ar') {
    return {
      subject: 'تأكيد بريدك الإلكتروني في DeenConnect',
      greeting: `السلام عليكم ${displayName}،`,
      paragraphs: ['أهلًا بك في DeenConnect! يُرجى تأكيد عنوان بريدك الإلكتروني ليصبح النشر والتعليق متاحَين لك.'],
      action: { label: 'تأكيد البريد الإلكتروني', url: link },
      notes: ['إن لم يكن إنشاء حساب في DeenConnect بطلب منك، يمكنك تجاهل هذه الرسالة.'],
    };
  }
  return {
    subject: 'Verify your email for DeenConnect',
    greeting: `Assalamu alaikum ${displayName},`,
    paragraphs: ['Welcome to DeenConnect! Please confirm your email address so that you can post and comment.'],
    action: { label: 'Verify email', url: link },
    notes: ['If you did not create a DeenConnect account, you can ignore this email.'],
  };
}
