import { createRequire } from 'node:module';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const require = createRequire(import.meta.url);

/** A folder or file next to this config, as a file system path (for resolve.alias). */
const here = (path: string) => decodeURIComponent(new URL(path, import.meta.url).pathname);

/** The NestJS backend; in production it serves `frontend/dist` itself, so only dev needs this. */
const BACKEND = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
