import type { MailLocale, MailTemplate } from '../mail-job';
import { donationReceipt, type DonationReceiptParams } from './donation-receipt.template';
import { donationsOpen } from './donations-open.template';
import { donationsOpenConfirm } from './donations-open-confirm.template';
import { renderHtml, renderText } from './layout';
import type { LinkMailParams, ListMailParams, MailContent } from './mail-content';
import { orderReceipt, type OrderReceiptParams } from './order-receipt.template';
import { resetPassword } from './reset-password.template';
import { verifyEmail } from './verify-email.template';

/** The parameters each template takes; a new template adds its line here and in TEMPLATES. */
export interface MailTemplateParams {
  'verify-email': LinkMailParams;
  'reset-password': LinkMailParams;
  'donations-open': ListMailParams;
  'donations-open-confirm': ListMailParams;
  'order-receipt': OrderReceiptParams;
  'donation-receipt': DonationReceiptParams;
}

const TEMPLATES: { [K in MailTemplate]: (locale: MailLocale, params: MailTemplateParams[K]) => MailContent } = {
  'verify-email': verifyEmail,
  'reset-password': resetPassword,
  'donations-open': donationsOpen,
  'donations-open-confirm': donationsOpenConfirm,
  'order-receipt': orderReceipt,
  'donation-receipt': donationReceipt,
};

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function renderMail<K extends MailTemplate>(
  template: K,
  locale: MailLocale,
  params: MailTemplateParams[K],
): RenderedMail {
  assertWebLink(params.link);
  if ('unsubscribeLink' in params) assertWebLink(params.unsubscribeLink);
  // A display name is one line of text; a newline in it could fake extra lines in the text part.
  // Isolated (FSI … PDI, Unicode's bidi isolates, which mail clients honour in text and HTML alike):
  // a Latin name in an Arabic greeting, or an Arabic one in English, keeps its own direction and
  // leaves the words and punctuation around it in theirs.
  const name = params.displayName
    .replace(/[\u2066-\u2069\u202a-\u202e]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const displayName = name ? `\u2068${name}\u2069` : '';
  const content = TEMPLATES[template](locale, { ...params, displayName });
  return { subject: content.subject, text: renderText(content, locale), html: renderHtml(content, locale) };
}

/**
 * Escaping keeps markup out of an href but not a javascript: or relative URL; the callers build
 * absolute http(s) links, so anything else is a bug worth failing loudly on.
 */
function assertWebLink(link: string): void {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new Error('Mail link must be an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('Mail link must use http or https');
}
