import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

import { build, defineConfig, type Plugin, type ResolvedConfig } from 'vite';

import { earlyStart } from './build/early-start';
import { precacheList, SERVICE_WORKER } from './build/precache';
import { precompressDir } from './build/precompress';

const require = createRequire(import.meta.url);

/** A folder or file next to this config, as a file system path (for resolve.alias). */
const here = (path: string) => decodeURIComponent(new URL(path, import.meta.url).pathname);

const aliases = require(here('../scripts/aliases.cjs'));

/** The NestJS backend; in production it serves `frontend/dist` itself, so only dev needs this. */
const BACKEND = 'http://localhost:3000';

/**
 * precompressDir over the build's output once it is written (public files included). Production
 * builds only: the development build (dist-dev, for the development pages' tests) is never deployed.
 */
function precompress(): Plugin {
  let outDir: string | null = null;
  return {
    name: 'dc-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.isProduction ? resolve(config.root, config.build.outDir) : null;
    },
    // After the service worker is written (serviceWorker() below, in its own closeBundle).
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (outDir) precompressDir(outDir);
      },
    },
  };
}

/**
 * Builds `entry` (src/sw/sw.ts) into the production build's `sw.js` once the app is written, with
 * the precache list in place of `self.__WB_MANIFEST` (what Workbox's injectManifest does, without
 * its build tooling: a few hundred packages on every install).
 */
function serviceWorker(entry: string): Plugin {
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

export default defineConfig({
  // Brotli and gzip copies of the text files, served as the browser accepts (backend http-app.ts).
  plugins: [
    // src/sw/sw.ts as /sw.js with the build's files listed for precaching; registered by the app
    // itself after first paint (features/pwa); the manifests are our own files (public/).
    serviceWorker('src/sw/sw.ts'),
    precompress(),
    // src/app/earlyStart.ts inlined as index.html's first script (the token and strings asked early).
    earlyStart('src/app/earlyStart.ts'),
  ],
  base: '/',
  resolve: {
    // tsconfig.paths.json's aliases, and React's names served by Preact (scripts/aliases.cjs).
    alias: [...aliases.viteAliases(), ...aliases.preactForReact({ vite: true })],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: BACKEND, changeOrigin: true },
      '/socket.io': { target: BACKEND, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: BACKEND, changeOrigin: true },
      '/socket.io': { target: BACKEND, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps would publish the whole source (sourcesContent) next to the bundle; the server refuses
    // to serve *.map too (backend/src/platform/http/source-maps.ts).
    sourcemap: false,
    rolldownOptions: {
      output: {
        // What the first load runs in one chunk (as Rollup does), not split by which lazy screens
        // share each module: 14 requests before first paint became one, and on a phone's slow 4G
        // each new connection costs a round trip (issue 37).
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
});
