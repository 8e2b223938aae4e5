import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

import { build, type Plugin, type ResolvedConfig } from 'vite';

/** What the service worker precaches: the shell and the screens members use, the icons and manifests. */
const PRECACHED = /\.(?:js|css|html|svg|png|webmanifest)$/;
/**
 * Left to the worker's runtime cache once loaded (src/sw/caching.ts): the other language's strings
 * and fonts, the realtime client, the teachers' and moderators' screens. What every phone downloads
 * at install went from 1.23 MB to about 0.9 MB.
 */
const LEFT_OUT = [
  /^assets\/resources\.ar-/,
  /^assets\/esm-/,
  /^assets\/ModerationScreen-/,
  /^assets\/CourseEditorScreen-/,
  /^assets\/VendorApplicationsScreen-/,
  /^assets\/TeachScreen-/,
];

export const SERVICE_WORKER = 'sw.js';

export interface PrecacheEntry {
  url: string;
  /** Null for the build's hashed files (their name changes with their content); else a digest. */
  revision: string | null;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** The precache list of a built web app, as Workbox's precacheAndRoute takes it. */
export function precacheList(outDir: string): PrecacheEntry[] {
  return filesUnder(outDir)
    .map((file) => relative(outDir, file).split('\\').join('/'))
    .filter((path) => PRECACHED.test(path) && path !== SERVICE_WORKER && !LEFT_OUT.some((rule) => rule.test(path)))
    .sort()
    .map((path) => ({
      url: `/${path}`,
      revision: path.startsWith('assets/')
        ? null
        : createHash('sha256')
            .update(readFileSync(join(outDir, path)))
            .digest('hex')
            .slice(0, 16),
    }));
}

/**
 * Builds `entry` (src/sw/sw.ts) into the production build's `sw.js` once the app is written, with
 * the precache list in place of `self.__WB_MANIFEST` (what Workbox's injectManifest does, without
 * its build tooling: a few hundred packages on every install).
 */
export function serviceWorker(entry: string): Plugin {
  let config: ResolvedConfig | null = null;
  return {
    name: 'dc-service-worker',
    apply: 'build',
    configResolved(resolved) {
      config = resolved.isProduction ? resolved : null;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (!config) return;
        const outDir = resolve(config.root, config.build.outDir);
        const manifest = precacheList(outDir);
        await build({
          configFile: false,
          root: config.root,
          logLevel: 'warn',
          resolve: { alias: config.resolve.alias },
          // Workbox's modules log in development only.
          define: { 'process.env.NODE_ENV': JSON.stringify('production') },
          build: {
            outDir,
            emptyOutDir: false,
            copyPublicDir: false,
            sourcemap: false,
            // A classic script (iife): every browser with service workers runs it, and lib mode
            // minifies it fully (its 'es' output keeps the whitespace).
            minify: true,
            lib: {
              entry: resolve(config.root, entry),
              formats: ['iife'],
              name: 'dcServiceWorker',
              fileName: () => SERVICE_WORKER,
            },
          },
        });
        const file = join(outDir, SERVICE_WORKER);
        const code = readFileSync(file, 'utf8');
        const placeholder = 'self.__WB_MANIFEST';
        if (code.split(placeholder).length !== 2) throw new Error(`${SERVICE_WORKER}: expected one ${placeholder}`);
        writeFileSync(file, code.replace(placeholder, JSON.stringify(manifest)));
      },
    },
  };
}
