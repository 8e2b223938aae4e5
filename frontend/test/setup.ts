import '@testing-library/jest-dom';

import { TextDecoder, TextEncoder } from 'node:util';

// react-router reads these; jsdom does not provide them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Under a full parallel run on two cores a click → request → store → render chain can take more
// than Testing Library's default second; a real failure still fails, only later.
import { configure } from '@testing-library/react';
configure({ asyncUtilTimeout: 5000 });

// Each language's strings are fetched when first used (src/i18n/index.ts); tests switch languages
// at will, so both are in before any test renders.
import { i18n, i18nReady, withStrings } from '@/i18n';
beforeAll(async () => {
  await i18nReady;
  await i18n.loadLanguages(['en', 'ar']);
  // And the strings that come with their screens in the app (i18n/featureStrings.ts): tests render
  // those screens directly.
  await withStrings('communities', async () => undefined);
  await withStrings('moderation', async () => undefined);
});
