import { createRequire } from 'node:module';
import { resolve } from 'node:path';

import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

import { precompressDir } from './build/precompress';
import { serviceWorker } from './build/service-worker';

const require = createRequire(import.meta.url);

/** A folder or file next to this config, as a file system path (for resolve.alias). */
const here = (path: string) => decodeURIComponent(new URL(path, import.meta.url).pathname);

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
    // After the service worker is written (build/service-worker.ts, in its own closeBundle).
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (outDir) precompressDir(outDir);
      },
    },
  };
}

export default defineConfig({
  // Brotli and gzip copies of the text files, served as the browser accepts (backend http-app.ts).
  plugins: [
    react(),
    // src/sw/sw.ts as /sw.js with the build's files listed for precaching; registered by the app
    // itself after first paint (features/pwa); the manifests are our own files (public/).
    serviceWorker('src/sw/sw.ts'),
    precompress(),
  ],
  base: '/',
  resolve: {
    // tsconfig.paths.json's aliases, as Jest and the server read them.
    alias: require(here('../scripts/aliases.cjs')).viteAliases(),
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
  },
});
