import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ROOT } from '../served-app';

/**
 * The web app's own strings, read from its locale files, so that the journeys find each button by
 * the name a member reads in either language: the first part of a key names its file, as the app's
 * resources.*.ts assemble them (`learning.cart.title`), else the core file (`nav.home`).
 */

export type Lang = 'en' | 'ar';
export const LANGS: readonly Lang[] = ['en', 'ar'];

type Strings = { [key: string]: string | Strings };

/** Key prefix → feature folder (frontend/src/features/<folder>/locales). */
const FEATURES: Record<string, string> = {
  accountSettings: 'account-settings',
  bookmarks: 'bookmarks',
  communities: 'communities',
  compose: 'compose',
  feed: 'feed',
  learning: 'learning',
  messages: 'messages',
  moderation: 'moderation',
  notifications: 'notifications',
  postDetail: 'post-detail',
  posts: 'posts',
  profile: 'profile',
  push: 'push',
  pwa: 'pwa',
  realtime: 'realtime',
  search: 'search',
  support: 'support',
  uploads: 'uploads',
  videos: 'videos',
};

const files = new Map<string, Strings>();
function file(path: string): Strings {
  let strings = files.get(path);
  if (!strings) {
    strings = JSON.parse(readFileSync(join(ROOT, 'frontend/src', path), 'utf8')) as Strings;
    files.set(path, strings);
  }
  return strings;
}

/** The number as the app writes it: Latin digits in threes in English, Intl's digits in Arabic. */
export const num = (lang: Lang, n: number): string => new Intl.NumberFormat(lang).format(n);

/** Money as the app's one formatter writes it (frontend/src/i18n/money.ts). */
export function kes(lang: Lang, amount: number): string {
  const number = new Intl.NumberFormat(lang, {
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
  return lang === 'ar' ? `${number}\u00a0شلن` : `KSh\u00a0${number}`;
}

function lookup(lang: Lang, key: string): Strings | string | undefined {
  const [head, ...rest] = key.split('.');
  const folder = FEATURES[head!];
  const root = folder ? file(`features/${folder}/locales/${lang}.json`) : file(`i18n/locales/${lang}.json`);
  const path = folder ? rest : [head!, ...rest];
  return path.reduce<Strings | string | undefined>(
    (node, part) => (typeof node === 'object' ? node[part] : undefined),
    root,
  );
}

/**
 * A string as i18next makes it: the plural form of `count` (`_zero` first for 0, then the
 * language's own rule: Arabic has zero, one, two, few, many and other), `{{name}}` filled in and
 * `{{n, number}}` written as the app writes numbers. A missing key fails loudly, never matches nothing.
 */
export function t(lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  const { count } = vars;
  const forms =
    typeof count === 'number'
      ? [...(count === 0 ? ['zero'] : []), new Intl.PluralRules(lang).select(count)].map((form) => `${key}_${form}`)
      : [];
  const found = [...forms, key].map((k) => lookup(lang, k)).find((value) => typeof value === 'string');
  if (typeof found !== 'string') throw new Error(`no ${lang} string at ${key}`);
  return found.replace(/\{\{\s*(\w+)\s*(,\s*number)?\s*\}\}/g, (whole, name: string, asNumber?: string) => {
    const value = vars[name];
    if (value === undefined) throw new Error(`${key}: nothing given for ${whole}`);
    return typeof value === 'number' && asNumber ? num(lang, value) : String(value);
  });
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A name or text matched exactly, whatever the regular-expression characters in it. */
export const exactly = (text: string): RegExp => new RegExp(`^${escaped(text)}$`);
/** A name or text that holds `text` somewhere, whatever the regular-expression characters in it. */
export const containing = (text: string): RegExp => new RegExp(escaped(text));
