import type communitiesEn from '../features/communities/locales/en.json';
import type moderationEn from '../features/moderation/locales/en.json';
import type { Language } from './language';

type Strings = () => Promise<{ default: object }>;

/**
 * Strings of screens most readers never open (a community's pages, the moderators' console): they
 * come with those screens instead of with every first load, which keeps the language's chunk under
 * the first-load budget (status.e2e: 120 KB of JavaScript, gzipped).
 */
export const LAZY_STRINGS = {
  communities: {
    en: () => import('../features/communities/locales/en.json'),
    ar: () => import('../features/communities/locales/ar.json'),
  },
  moderation: {
    en: () => import('../features/moderation/locales/en.json'),
    ar: () => import('../features/moderation/locales/ar.json'),
  },
} satisfies Record<string, Record<Language, Strings>>;

export type LazyStrings = keyof typeof LAZY_STRINGS;

/** Their shape, for the compile-time check of keys (i18next.d.ts): nothing of them is bundled here. */
export interface LazyResources {
  communities: typeof communitiesEn;
  moderation: typeof moderationEn;
}

const wanted = new Set<LazyStrings>();

/** A screen asked for `feature`'s strings: every language read from now on brings them along. */
export const want = (feature: LazyStrings) => wanted.add(feature);

/** The strings asked for so far, in `language`, keyed as the translation tree holds them. */
export async function wantedStrings(language: Language): Promise<Record<string, object>> {
  const entries = await Promise.all(
    [...wanted].map(async (feature) => [feature, (await LAZY_STRINGS[feature][language]()).default] as const),
  );
  return Object.fromEntries(entries);
}
