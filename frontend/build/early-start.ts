import { resolve } from 'node:path';

import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite';

import { stringsChunks } from './strings-chunks';

/**
 * Inlines `entry` (src/app/earlyStart.ts) as index.html's first script in production builds, with
 * the strings chunks' names it preloads (only known once the app is bundled).
 */
export function earlyStart(entry: string): Plugin {
  let config: ResolvedConfig | null = null;
  return {
    name: 'dc-early-start',
    apply: 'build',
    configResolved(resolved) {
      config = resolved.isProduction ? resolved : null;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        if (!config || !context.bundle) return html;
        const strings = stringsChunks(context.bundle);
        if (!strings.en || !strings.ar) throw new Error('early start: no strings chunk for en and ar');
        const output = (await build({
          configFile: false,
          root: config.root,
          logLevel: 'warn',
          resolve: { alias: config.resolve.alias },
          define: { DC_EARLY_STRINGS: JSON.stringify(strings) },
          build: {
            write: false,
            minify: true,
            lib: { entry: resolve(config.root, entry), formats: ['iife'], name: 'dcEarlyStart' },
          },
        })) as Rollup.RollupOutput[];
        const code = output[0]?.output[0]?.code.trim();
        if (!code) throw new Error('early start: nothing built');
        // Right after the charset (which must come within the first 1,024 bytes): the requests start
        // while the rest of the page is read.
        const charset = /<meta charset="[^"]*"\s*\/?>/i;
        if (!charset.test(html)) throw new Error('early start: index.html has no <meta charset>');
        return html.replace(charset, (tag) => `${tag}\n    <script>${code}</script>`);
      },
    },
  };
}
