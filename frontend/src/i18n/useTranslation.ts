import type { TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';

import { i18n } from '.';

/** One `t` per language, shared by every component: its identity changes only with the language. */
const fixed = new Map<string, TFunction>();

const subscribe = (onChange: () => void) => {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
};
const currentLanguage = () => i18n.language;

/**
 * `t` keeping the strings it was asked for without options (labels: about half of a post card's
 * calls, twenty cards on a first feed page) until strings are added or removed (a screen's own,
 * featureStrings.ts). i18next looks each one up again on every call: its resolution and formatting
 * were a tenth of a first load's script on /home (issue 37).
 */
function remembering(t: TFunction): TFunction {
  let strings = new Map<string, string>();
  const forget = () => {
    strings = new Map();
  };
  i18n.store.on('added', forget);
  i18n.store.on('removed', forget);
  const lookUp = t as unknown as (...args: unknown[]) => unknown;
  return ((...args: unknown[]) => {
    const key = args[0];
    if (args.length !== 1 || typeof key !== 'string') return lookUp(...args);
    const known = strings.get(key);
    if (known !== undefined) return known;
    const text = lookUp(key);
    if (typeof text === 'string') strings.set(key, text);
    return text;
  }) as unknown as TFunction;
}

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
    t = remembering(i18n.getFixedT(language));
    fixed.set(language, t);
  }
  return { t, i18n, ready: true };
}
