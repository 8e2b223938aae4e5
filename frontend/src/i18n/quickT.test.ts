import i18next, { type TFunction } from 'i18next';

import communitiesAr from '../features/communities/locales/ar.json';
import communitiesEn from '../features/communities/locales/en.json';
import moderationAr from '../features/moderation/locales/ar.json';
import moderationEn from '../features/moderation/locales/en.json';
import { formatNumberValue } from './formatters';
import { quickT } from './quickT';
import ar from './resources.ar';
import en from './resources.en';

const RESOURCES = {
  en: { ...en, communities: communitiesEn, moderation: moderationEn },
  ar: { ...ar, communities: communitiesAr, moderation: moderationAr },
};
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every key `t` may be asked for (a plural's forms under its base key), with the values its strings name. */
function keysOf(tree: object, prefix = ''): Map<string, Set<string>> {
  const keys = new Map<string, Set<string>>();
  for (const [name, value] of Object.entries(tree)) {
    const key = `${prefix}${name}`;
    if (typeof value === 'object' && value !== null) {
      for (const [inner, names] of keysOf(value, `${key}.`)) keys.set(inner, names);
      continue;
    }
    const base = key.replace(PLURAL, '');
    const names = keys.get(base) ?? new Set<string>();
    for (const match of String(value).matchAll(/\{\{-?\s*([\w$]+)/g)) names.add(match[1]!);
    keys.set(base, names);
  }
  return keys;
}

/** The app's i18next set-up (i18n/index.ts): the answer quickT must give. */
async function reference(language: 'en' | 'ar'): Promise<TFunction> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: RESOURCES[language] } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  instance.services.formatter?.add(
    'number',
    (value: unknown, lng: string | undefined, options: Record<string, unknown>) =>
      formatNumberValue(value, lng ?? language, options),
  );
  return instance.getFixedT(language);
}

describe('quickT answers as i18next does', () => {
  it.each(['en', 'ar'] as const)('for every string of %s, every plural form and value', async (language) => {
    const t = await reference(language);
    const resources = RESOURCES[language] as Record<string, unknown>;
    const read = (key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], resources);
    const quick = quickT(language, t, { read, onChange: () => undefined });
    const keys = keysOf(resources);
    expect(keys.size).toBeGreaterThan(1500);
    let compared = 0;
    for (const [key, names] of keys) {
      const values = Object.fromEntries([...names].map((name) => [name, `‹${name}›`]));
      const calls: Record<string, unknown>[] = [
        values,
        ...[0, 1, 2, 3, 5, 11, 100, 1001, 2.5].map((count) => ({ ...values, count })),
      ];
      for (const options of calls) {
        expect([key, options, quick(key as never, options as never)]).toEqual([
          key,
          options,
          t(key as never, options as never),
        ]);
        compared += 1;
      }
      expect(quick(key as never)).toEqual(t(key as never));
    }
    expect(compared).toBeGreaterThan(15000);
  });

  it("leaves to i18next what it does not read itself: a missing value, another format, i18next's own options", async () => {
    const t = jest.fn((key: string) => `i18next:${key}`) as unknown as TFunction;
    const strings: Record<string, string> = {
      hello: 'Hi {{name}}',
      when: 'On {{date, datetime}}',
      nested: 'See $t(hello)',
      items_zero: 'No items',
      items_one: '{{count, number}} item',
      items_other: '{{count, number}} items',
    };
    const quick = quickT('en', t, { read: (key) => strings[key], onChange: () => undefined });
    expect(quick('hello' as never, { name: 'Amina' } as never)).toBe('Hi Amina');
    expect(quick('items' as never, { count: 1200 } as never)).toBe('1,200 items');
    expect(quick('items' as never, { count: 1 } as never)).toBe('1 item');
    // English has no zero form, but a string may have one (i18next looks for it first).
    expect(quick('items' as never, { count: 0 } as never)).toBe('No items');
    expect(quick('hello' as never, {} as never)).toBe('i18next:hello');
    expect(quick('when' as never, { date: new Date(0) } as never)).toBe('i18next:when');
    expect(quick('nested' as never, {} as never)).toBe('i18next:nested');
    expect(quick('hello' as never, { name: 'Amina', context: 'male' } as never)).toBe('i18next:hello');
    expect(quick('items' as never, { count: '3' } as never)).toBe('i18next:items');
    expect(quick('missing' as never, { a: 1 } as never)).toBe('i18next:missing');
  });
});
