import { ar } from './resources.ar';
import { en } from './resources.en';

const resources = { en: { translation: en }, ar: { translation: ar } };

function keysOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
    keysOf(inner, prefix ? `${prefix}.${key}` : key),
  );
}

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
