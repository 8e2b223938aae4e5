import type { Rollup } from 'vite';

/** The strings chunk of each language (i18n/index.ts imports them lazily). */
const STRINGS = /[\\/]src[\\/]i18n[\\/]resources\.(en|ar)\.ts$/;

/** Each language's strings chunk and the chunks it imports, as the page asks for them. */
export function stringsChunks(bundle: Rollup.OutputBundle): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files: Record<string, string[]> = {};
  for (const chunk of chunks) {
    const language = chunk.facadeModuleId?.match(STRINGS)?.[1];
    if (!language) continue;
    const found = new Set<string>();
    const visit = (file: string) => {
      if (found.has(file)) return;
      found.add(file);
      for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
    };
    visit(chunk.fileName);
    files[language] = [...found].map((file) => `/${file}`);
  }
  return files;
}
