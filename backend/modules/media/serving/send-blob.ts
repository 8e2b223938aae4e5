import { ApiError, errorBody } from '@platform/http';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { BlobStore } from '../storage/blob-store.port';
import { parseRange } from './byte-range';

/** Prepared files never change under their name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * An answer meant for one viewer only (media with an audience, a lesson's media): no shared cache
 * (CDN, proxy) stores it, nor the browser, so access ends when it is taken away.
 */
export const PRIVATE_NO_STORE = 'private, no-store';

export const notFound = (message = 'Media not found', code = 'NOT_FOUND') =>
  new ApiError(404, errorBody(404, message, code), { 'Cache-Control': 'no-store' });

/**
 * Sends one stored object with its type, cache policy and byte ranges (206 for a satisfiable
 * Range, 416 otherwise), never letting the browser sniff or run it.
 */
export async function sendBlob(
  blobs: BlobStore,
  key: string,
  mime: string,
  cache: string,
  request: FastifyRequest,
  reply: FastifyReply,
  attachment: boolean,
  downloadName: string | null = null,
) {
  const stat = await blobs.stat(key);
  if (!stat) throw notFound();
  const range = parseRange(request.headers.range, stat.size);
  if (range.kind === 'unsatisfiable') {
    return reply
      .status(416)
      .header('Content-Range', `bytes */${stat.size}`)
      .header('Cache-Control', 'no-store')
      .send(errorBody(416, 'Range Not Satisfiable', 'RANGE_NOT_SATISFIABLE'));
  }
  reply
    .header('Content-Type', mime)
    .header('Cache-Control', cache)
    .header('Accept-Ranges', 'bytes')
    .header('Last-Modified', stat.lastModified.toUTCString())
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox");
  if (attachment) reply.header('Content-Disposition', contentDisposition(downloadName));
  if (range.kind === 'partial') {
    const body = await blobs.get(key, range);
    if (!body) throw notFound();
    return reply
      .status(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${stat.size}`)
      .header('Content-Length', String(range.end - range.start + 1))
      .send(body);
  }
  const body = await blobs.get(key);
  if (!body) throw notFound();
  return reply.status(200).header('Content-Length', String(stat.size)).send(body);
}

/**
 * `attachment`, with the uploader's file name when known (RFC 6266): a plain ASCII fallback and the
 * exact UTF-8 name (Arabic names survive), never a quote or control character that could break out.
 */
export function contentDisposition(name: string | null): string {
  if (!name) return 'attachment';
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
