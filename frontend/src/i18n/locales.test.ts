import { i18n } from '@/i18n';

import communitiesAr from '../features/communities/locales/ar.json';
import communitiesEn from '../features/communities/locales/en.json';
import moderationAr from '../features/moderation/locales/ar.json';
import moderationEn from '../features/moderation/locales/en.json';
import { ar } from './resources.ar';
import { en } from './resources.en';

// With the strings fetched with their screens (featureStrings.ts): held to the same rules.
const resources = {
  en: { translation: { ...en, communities: communitiesEn, moderation: moderationEn } },
  ar: { translation: { ...ar, communities: communitiesAr, moderation: moderationAr } },
};

function keysOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
    keysOf(inner, prefix ? `${prefix}.${key}` : key),
  );
}

const valueAt = (tree: object, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);

/** Arabic plural suffixes that English has no counterpart for. */
const ARABIC_ONLY_PLURALS = /_(zero|two|few|many)$/;

describe('locale files', () => {
  const en = new Set(keysOf(resources.en.translation));
  const ar = new Set(keysOf(resources.ar.translation));

  it('every English string has an Arabic translation', () => {
    const missing = [...en].filter((key) => !ar.has(key) && !(key.endsWith('_one') || key.endsWith('_other')));
    expect(missing).toEqual([]);
  });

  it('every Arabic string has an English counterpart', () => {
    const extra = [...ar].filter(
      (key) => !en.has(key) && !ARABIC_ONLY_PLURALS.test(key) && !key.endsWith('_one') && !key.endsWith('_other'),
    );
    expect(extra).toEqual([]);
  });

  // The app fetches no fallback language (i18n/index.ts): a count must find its Arabic form.
  it('every English plural has all six Arabic forms', () => {
    const plurals = new Set([...en].filter((key) => /_(one|other)$/.test(key)).map((key) => key.replace(/_\w+$/, '')));
    expect(plurals.size).toBeGreaterThan(0);
    const missing = [...plurals].flatMap((base) =>
      ['zero', 'one', 'two', 'few', 'many', 'other'].map((form) => `${base}_${form}`).filter((key) => !ar.has(key)),
    );
    expect(missing).toEqual([]);
  });

  // "{{n}} نجوم" reads wrong for 1, 2 and 11 or more: a number in front of the word it counts takes
  // the plural forms (a one-letter unit such as "د" for minutes does not).
  it('a count in front of the word it counts is an Arabic plural', () => {
    // A number: a count by its name, or any value formatted as one; not an ordinal ("الصورة 2 من 5"),
    // nor a fixed limit (max, limit), whose one value the sentence is written for.
    const counted =
      /\{\{\s*(?:(?:count|n|total|done)\b[^}]*|(?!max\b|limit\b)\w+\s*,\s*number\s*)\}\}\s*(?!(?:من|الذي|التي|أرفقها)(?:\s|$))[\u0621-\u064A]{2}/;
    const wrong = keysOf(resources.ar.translation).filter(
      (key) =>
        !/_(zero|one|two|few|many|other)$/.test(key) && counted.test(String(valueAt(resources.ar.translation, key))),
    );
    expect(wrong).toEqual([]);
  });

  it('no string is empty', () => {
    const empty = [...keysOf(resources.en.translation), ...keysOf(resources.ar.translation)].filter((key) => {
      const value = key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resources.en.translation);
      return value === '';
    });
    expect(empty).toEqual([]);
  });
});

describe('Arabic counts', () => {
  afterAll(() => i18n.changeLanguage('en'));

  it('take the form Arabic gives each number: one, two, a few, many, and other', async () => {
    await i18n.changeLanguage('ar');
    const stars = (count: number) => i18n.t('learning.reviews.stars', { count });
    expect([1, 2, 3, 10, 11, 100].map(stars)).toEqual([
      'نجمة واحدة',
      'نجمتان',
      '3 نجوم',
      '10 نجوم',
      '11 نجمة',
      '100 نجمة',
    ]);
    expect(i18n.t('learning.learn.progressText', { completed: 1, count: 2 })).toBe('اكتمل 1 من درسين');
    await i18n.changeLanguage('en');
    expect([1, 2].map((count) => i18n.t('learning.reviews.stars', { count }))).toEqual(['1 star', '2 stars']);
  });
});
