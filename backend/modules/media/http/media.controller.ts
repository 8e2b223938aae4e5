import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, errorBody } from '../../../src/http';
import type { MediaDoc } from '../../../projections/media/media.projector';
import { MediaQueries } from '../media.queries';
import { parseRange } from '../serving/byte-range';
import { ImageRequest, pickVariant } from '../serving/pick-variant';
import type { BlobStore } from '../storage/blob-store.port';
import { BLOB_STORE } from '../tokens';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// Negotiated answers depend on Accept and change once processing ends: cache briefly, vary.
const NEGOTIATED = 'public, max-age=3600';
const FILE = /^[a-z0-9-]{1,40}\.[a-z0-9]{2,5}$/;

const notFound = (message = 'Media not found', code = 'NOT_FOUND') => new ApiError(404, errorBody(404, message, code), { 'Cache-Control': 'no-store' });

/**
 * Serves media files: `/media/<id>` (an image's nearest variant by w, h, f and Accept; a video's
 * MP4; other files as stored), `/media/<id>/poster`, and `/media/<id>/<file>` for one prepared
 * file. Byte ranges (206) let players seek. /media/profiles/* stays with the profiles module
 * (a static segment, so the router never sends it here).
 */
@Controller('media')
export class MediaController {
  constructor(
    private readonly media: MediaQueries,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  @Get(':id')
  async best(@Param('id') id: string, @Query() query: Record<string, string>, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const doc = await this.ready(id);
    if (doc.kind === 'image') return this.negotiated(doc, 'image', query, request, reply);
    if (doc.kind === 'video') return this.file(doc, 'video.mp4', request, reply);
    return this.send(doc.originalKey, doc.mime, IMMUTABLE, request, reply, doc.kind === 'document');
  }

  @Get(':id/:file')
  async one(@Param('id') id: string, @Param('file') file: string, @Query() query: Record<string, string>, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const doc = await this.ready(id);
    if (file === 'poster') return this.negotiated(doc, 'poster', query, request, reply);
    return this.file(doc, file, request, reply);
  }

  private async ready(id: string): Promise<MediaDoc> {
    const doc = await this.media.get(id);
    if (!doc) throw notFound();
    if (doc.status === 'processing') throw notFound('Media is still being processed', 'MEDIA_PROCESSING');
    if (doc.status === 'failed') throw notFound(doc.error?.message ?? 'Media could not be processed', 'MEDIA_FAILED');
    return doc;
  }

  private async file(doc: MediaDoc, file: string, request: FastifyRequest, reply: FastifyReply) {
    if (!FILE.test(file)) throw notFound();
    // Originals of images and videos are never served: they may carry EXIF/GPS and unsafe codecs.
    if (file.startsWith('original.') && (doc.kind === 'audio' || doc.kind === 'document') && doc.originalKey.endsWith(`/${file}`)) {
      return this.send(doc.originalKey, doc.mime, IMMUTABLE, request, reply, doc.kind === 'document');
    }
    const variant = doc.variants.find((v) => v.name === file);
    if (!variant) throw notFound();
    return this.send(variant.key, variant.mime, IMMUTABLE, request, reply, false);
  }

  private async negotiated(doc: MediaDoc, role: 'image' | 'poster', query: Record<string, string>, request: FastifyRequest, reply: FastifyReply) {
    const variant = pickVariant(doc.variants.filter((v) => v.role === role), { ...imageParams(query), accept: request.headers.accept });
    if (!variant) throw notFound();
    reply.header('Vary', 'Accept');
    return this.send(variant.key, variant.mime, NEGOTIATED, request, reply, false);
  }

  private async send(key: string, mime: string, cache: string, request: FastifyRequest, reply: FastifyReply, attachment: boolean) {
    const stat = await this.blobs.stat(key);
    if (!stat) throw notFound();
    const range = parseRange(request.headers.range, stat.size);
    if (range.kind === 'unsatisfiable') {
      return reply.status(416).header('Content-Range', `bytes */${stat.size}`).header('Cache-Control', 'no-store').send(errorBody(416, 'Range Not Satisfiable', 'RANGE_NOT_SATISFIABLE'));
    }
    reply
      .header('Content-Type', mime)
      .header('Cache-Control', cache)
      .header('Accept-Ranges', 'bytes')
      .header('Last-Modified', stat.lastModified.toUTCString())
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox");
    if (attachment) reply.header('Content-Disposition', 'attachment');
    if (range.kind === 'partial') {
      const body = await this.blobs.get(key, range);
      if (!body) throw notFound();
      return reply
        .status(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${stat.size}`)
        .header('Content-Length', String(range.end - range.start + 1))
        .send(body);
    }
    const body = await this.blobs.get(key);
    if (!body) throw notFound();
    return reply.status(200).header('Content-Length', String(stat.size)).send(body);
  }
}

/** w, h (1-4096), q (1-100, accepted; one quality is prepared) and f (avif, webp, jpeg/jpg). */
function imageParams(query: Record<string, string>): Omit<ImageRequest, 'accept'> {
  const int = (name: string, max: number) => {
    const raw = query[name];
    if (raw === undefined || raw === '') return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > max) throw new ApiError(400, errorBody(400, `${name} must be a whole number between 1 and ${max}`, 'VALIDATION_FAILED'));
    return n;
  };
  int('q', 100);
  const f = query.f?.toLowerCase();
  if (f !== undefined && f !== '' && !['avif', 'webp', 'jpeg', 'jpg'].includes(f)) {
    throw new ApiError(400, errorBody(400, 'f must be one of avif, webp, jpeg', 'VALIDATION_FAILED'));
  }
  return { w: int('w', 4096), h: int('h', 4096), f: f ? (f === 'jpg' ? 'jpeg' : (f as ImageRequest['f'])) : undefined };
}
