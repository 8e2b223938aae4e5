import type { MailLocale } from '../mail-job';
import { escapeHtml } from './escape-html';
import type { MailContent } from './mail-content';

export const BRAND = 'DeenConnect';

interface Chrome {
  lang: string;
  dir: 'ltr' | 'rtl';
  tagline: string;
  linkHint: string;
  footer: string;
  unsubscribe: string;
}

const CHROME: Record<MailLocale, Chrome> = {
  en: {
    lang: 'en',
    dir: 'ltr',
    tagline: 'Connecting the Ummah',
    linkHint: 'If the button does not work, copy this link into your browser:',
    footer: 'You are receiving this email because of an account on DeenConnect.',
    unsubscribe: 'To stop these emails, unsubscribe:',
  },
  ar: {
    lang: 'ar',
    dir: 'rtl',
    tagline: 'نربط أبناء الأمة',
    linkHint: 'إذا لم يعمل الزر، يمكن نسخ هذا الرابط ولصقه في المتصفح:',
    footer: 'تصلك هذه الرسالة بسبب حساب في DeenConnect.',
    unsubscribe: 'لإيقاف هذه الرسائل، يمكن إلغاء الاشتراك:',
  },
};

/** The plain-text part: the link stands on a line of its own so mail clients make it clickable. */
export function renderText(content: MailContent, locale: MailLocale): string {
  const chrome = CHROME[locale];
  return [
    content.greeting,
    ...content.paragraphs,
    `${content.action.label}:\n${content.action.url}`,
    ...content.notes,
    ...(content.unsubscribeUrl ? [`${chrome.unsubscribe}\n${content.unsubscribeUrl}`] : []),
    `${BRAND} — ${chrome.tagline}`,
  ].join('\n\n');
}

// Mail clients drop <style> blocks and external CSS, so every rule is inline; colours follow the web app.
const STYLE = {
  body: 'margin:0;padding:0;background:#f6f4ee;',
  card: "max-width:560px;margin:0 auto;padding:24px;background:#ffffff;color:#1c2321;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans Arabic',Tahoma,Arial,sans-serif;font-size:16px;line-height:1.6;",
  brand: 'margin:0;font-size:22px;font-weight:bold;color:#0f6e4f;',
  tagline: 'margin:0 0 24px;font-size:14px;color:#5b6763;',
  p: 'margin:0 0 16px;',
  button:
    'display:inline-block;padding:12px 20px;background:#0f6e4f;color:#ffffff;text-decoration:none;border-radius:8px;font-weight:bold;',
  hint: 'margin:0 0 16px;font-size:13px;color:#5b6763;',
  link: 'color:#0f6e4f;word-break:break-all;',
  footer: 'margin:24px 0 0;padding-top:16px;border-top:1px solid #e2ded3;font-size:12px;color:#5b6763;',
};

/** The HTML part; Arabic is laid out right to left, while the raw link stays left to right. */
export function renderHtml(content: MailContent, locale: MailLocale): string {
  const chrome = CHROME[locale];
  const align = chrome.dir === 'rtl' ? 'right' : 'left';
  const p = (text: string) => `<p style="${STYLE.p}">${escapeHtml(text)}</p>`;
  const url = escapeHtml(content.action.url);
  return [
    '<!doctype html>',
    `<html lang="${chrome.lang}" dir="${chrome.dir}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(content.subject)}</title></head>`,
    `<body style="${STYLE.body}">`,
    `<div dir="${chrome.dir}" style="${STYLE.card}text-align:${align};">`,
    `<p style="${STYLE.brand}">${BRAND}</p>`,
    `<p style="${STYLE.tagline}">${escapeHtml(chrome.tagline)}</p>`,
    p(content.greeting),
    ...content.paragraphs.map(p),
    `<p style="margin:24px 0;"><a href="${url}" style="${STYLE.button}">${escapeHtml(content.action.label)}</a></p>`,
    `<p style="${STYLE.hint}">${escapeHtml(chrome.linkHint)}<br><a href="${url}" dir="ltr" style="${STYLE.link}">${url}</a></p>`,
    ...content.notes.map(p),
    ...(content.unsubscribeUrl ? [unsubscribeHtml(content.unsubscribeUrl, chrome)] : []),
    `<p style="${STYLE.footer}">${escapeHtml(chrome.footer)}</p>`,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}

function unsubscribeHtml(url: string, chrome: Chrome): string {
  const href = escapeHtml(url);
  return `<p style="${STYLE.hint}">${escapeHtml(chrome.unsubscribe)}<br><a href="${href}" dir="ltr" style="${STYLE.link}">${href}</a></p>`;
}
