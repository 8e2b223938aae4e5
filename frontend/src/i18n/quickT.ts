import type { TFunction } from 'i18next';

import { formatNumberValue } from './formatters';

/**
 * Options by which i18next finds or shapes a string differently: a call with any of them goes to
 * i18next itself.
 */
const I18NEXT_OPTIONS = new Set([
  'context',
  'defaultValue',
  'fallbackLng',
  'formatParams',
  'interpolation',
  'joinArrays',
  'keySeparator',
  'lng',
  'lngs',
  'ns',
  'nsSeparator',
  'ordinal',
  'postProcess',
  'replace',
  'returnDetails',
  'returnObjects',
]);

/** A string's text and its values (`{{name}}`, `{{count, number}}`); null: one i18next must read (nesting, other formats). */
type Template = (string | { name: string; number: boolean })[] | null;

function compile(text: string): Template {
  if (text.includes('$t(')) return null;
  const parts: Exclude<Template, null> = [];
  let last = 0;
  for (const match of text.matchAll(/\{\{(.+?)\}\}/g)) {
    const [name = '', format, ...more] = (match[1] ?? '').split(',').map((part) => part.trim());
    if (more.length > 0 || !/^[A-Za-z_$][\w$]*$/.test(name) || (format !== undefined && format !== 'number'))
      return null;
    parts.push(text.slice(last, match.index), { name, number: format === 'number' });
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return parts;
}

export interface Strings {
  /** The string under a key, as i18next stores it (undefined where there is none, or an object). */
  read(key: string): unknown;
  /** Called when strings are added or removed (a screen's own, featureStrings.ts). */
  onChange(forget: () => void): void;
}

/**
 * `t` for one language that answers the app's common calls itself: a label without options (half of
 * a post card's calls), and a string whose values are plain (`{{name}}`, a plural's
 * `{{count, number}}`), through the same lookup (`_zero`, then the plural form, then the key) and
 * the same number format as i18next's. i18next resolves and interpolates each call anew, 25-40 µs
 * warm and far more on a first render: with this, i18n's share of a first /home load's script fell
 * from 21 to 9 ms, /search's from 21 to 14 (unthrottled, 7 loads; issue 37). Anything else
 * (nesting, contexts, other formats, a value missing) is i18next's. quickT.test.ts holds it to
 * i18next's answer for every string of both languages.
 */
export function quickT(language: string, t: TFunction, strings: Strings): TFunction {
  let labels = new Map<string, string>();
  let templates = new Map<string, Template>();
  strings.onChange(() => {
    labels = new Map();
    templates = new Map();
  });
  const plural = new Intl.PluralRules(language);
  const lookUp = t as unknown as (...args: unknown[]) => unknown;

  const template = (key: string): Template | undefined => {
    let found = templates.get(key);
    if (found === undefined && !templates.has(key)) {
      const text = strings.read(key);
      found = typeof text === 'string' ? compile(text) : null;
      templates.set(key, found);
    }
    return found ?? undefined;
  };

  const withValues = (key: string, options: Record<string, unknown>): string | undefined => {
    for (const name in options) if (I18NEXT_OPTIONS.has(name) || name.startsWith('defaultValue')) return undefined;
    const count = options.count;
    if (count !== undefined && typeof count !== 'number') return undefined;
    // i18next's order: the zero form for 0, the language's plural form, the key itself.
    let parts: Template | undefined;
    if (count === 0) parts = template(`${key}_zero`);
    if (!parts && count !== undefined) parts = template(`${key}_${plural.select(count)}`);
    parts ??= template(key);
    if (!parts) return undefined;
    let text = '';
    for (const part of parts) {
      if (typeof part === 'string') {
        text += part;
        continue;
      }
      const value = options[part.name];
      if (value === undefined || value === null || (part.number && typeof value !== 'number')) return undefined;
      text += part.number ? formatNumberValue(value, language, options) : String(value);
    }
    return text;
  };

  return ((...args: unknown[]) => {
    const [key, options] = args;
    if (typeof key !== 'string' || args.length > 2) return lookUp(...args);
    if (args.length === 1) {
      const known = labels.get(key);
      if (known !== undefined) return known;
      const text = lookUp(key);
      if (typeof text === 'string') labels.set(key, text);
      return text;
    }
    if (typeof options !== 'object' || options === null) return lookUp(...args);
    return withValues(key, options as Record<string, unknown>) ?? lookUp(...args);
  }) as unknown as TFunction;
}
