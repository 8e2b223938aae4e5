import 'i18next';

import type { TranslationResources } from './index';

/**
 * Translation keys are checked when compiling: `t('unknown.key')` fails `tsc`. The English locale
 * is the reference (i18n/locales.test.ts keeps Arabic in step with it).
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: TranslationResources };
    returnNull: false;
  }
}
