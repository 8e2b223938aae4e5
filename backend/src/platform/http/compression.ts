import { constants } from 'node:zlib';

import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: on a phone, compressing 1 KB saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Text the server makes per request (JSON, HTML, metrics); media is already packed, and
 * octet-stream (compress's default includes it) is what uploads and lesson media go out as.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|javascript|^image\/svg\+xml/;

/**
 * Brotli or gzip, as the client accepts, for answers over 1 KB. The web app's files are compressed
 * once at build time (frontend/build/precompress.ts) and served as built (preCompressed in
 * http-app.ts): they already carry a Content-Encoding, which this leaves alone. Brotli at quality 4:
 * near gzip -9's size for a fraction of the CPU of the default 11, which is for build time only.
 */
export async function installCompression(fastify: FastifyInstance): Promise<void> {
  await fastify.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
