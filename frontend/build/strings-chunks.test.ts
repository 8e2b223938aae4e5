import type { Rollup } from 'vite';

import { stringsChunks } from './strings-chunks';

const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = []) =>
  ({ type: 'chunk', fileName, facadeModuleId, imports }) as unknown as Rollup.OutputChunk;

describe('the early start`s strings chunks', () => {
  it('lists each language`s strings chunk with what it imports, and nothing else', () => {
    const bundle = Object.fromEntries(
      [
        chunk('assets/index-A.js', '/app/frontend/src/main.tsx', ['assets/shared-B.js']),
        chunk('assets/resources.en-C.js', '/app/frontend/src/i18n/resources.en.ts', ['assets/plural-D.js']),
        chunk('assets/plural-D.js', null, ['assets/deep-E.js', 'assets/plural-D.js']),
        chunk('assets/deep-E.js', null),
        chunk('assets/resources.ar-F.js', '/app/frontend/src/i18n/resources.ar.ts'),
        chunk('assets/resources.fr-G.js', '/app/frontend/src/i18n/resources.fr.ts'),
        chunk('assets/HomeScreen-H.js', '/app/frontend/src/features/home/screens/HomeScreen.tsx'),
      ].map((c) => [c.fileName, c]),
    );
    expect(stringsChunks(bundle)).toEqual({
      en: ['/assets/resources.en-C.js', '/assets/plural-D.js', '/assets/deep-E.js'],
      ar: ['/assets/resources.ar-F.js'],
    });
  });
});
