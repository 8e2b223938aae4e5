import type { TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';

import { i18n } from '.';
import { quickT } from './quickT';

/** One `t` per language, shared by every component: its identity changes only with the language. */
const fixed = new Map<string, TFunction>();

const subscribe = (onChange: () => void) => {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
};
const currentLanguage = () => i18n.language;

/**
 * react-i18next's useTranslation for the one instance and namespace the app has. Theirs (17.x) gives
 * each component a copy of the i18n instance (all its property descriptors) when it first mounts, and
 * a feed's first render mounts several hundred users of it: about a twentieth of a phone's script
 * time on /home at Lighthouse's 4x CPU (issue 37). This re-renders on 'languageChanged', as theirs
 * does by default, which i18next emits once the new language's strings are in.
 */
export function useTranslation(): { t: TFunction; i18n: typeof i18n; ready: true } {
  const language = useSyncExternalStore(subscribe, currentLanguage);
  let t = fixed.get(language);
  if (!t) {
    t = quickT(language, i18n.getFixedT(language), {
      read: (key) => i18n.getResource(language, 'translation', key),
      onChange: (forget) => {
        i18n.store.on('added', forget);
        i18n.store.on('removed', forget);
      },
    });
    fixed.set(language, t);
  }
  return { t, i18n, ready: true };
}
