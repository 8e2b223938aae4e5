import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { ApiError, errorBody } from '@platform/http';
import type { MediaDoc } from '@projections/media';
import { canViewMedia, communityGuardOf, courseGuardOf, isRestrictedMedia } from '@projections/media';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { IdentityService, resolveSession } from '../../identity';
import { CommunityMediaAccess } from '../access/community-media-access';
import type { CourseMediaAdmission } from '../access/course-media-gate';
import { LessonMediaAccess } from '../access/lesson-media-access';
import { MediaQueries } from '../queries/media.queries';
import { ImageRequest, pickVariant } from '../serving/pick-variant';
import { IMMUTABLE, notFound, PRIVATE_NO_STORE, sendBlob } from '../serving/send-blob';
import type { BlobStore } from '../storage/blob-store.port';
import { BLOB_STORE } from '../tokens';

// Negotiated answers depend on Accept and change once processing ends: cache briefly, vary.
const NEGOTIATED = 'public, max-age=3600';
const FILE = /^[a-z0-9-]{1,40}\.[a-z0-9]{2,5}$/;

/** An item this request may have; `admission`: the course rule's yes, for a lesson's media. */
interface Visible {
  doc: MediaDoc;
  admission: CourseMediaAdmission | null;
}

/**
 * Serves media files: `/media/<id>` (an image's nearest variant by w, h, f and Accept; a video's
 * MP4; other files as stored), `/media/<id>/poster`, and `/media/<id>/<file>` for one prepared
 * file. Byte ranges (206) let players seek. /media/profiles/* stays with the profiles module
 * (a static segment, so the router never sends it here).
 *
 * Media with an audience (e.g. a direct message's file) go only to a signed-in session (`dc.sid`) of
 * one of its members; a private community's post's files only to its readers (and their uploader);
 * a lesson's media (shown by courses only in locked lessons) only to the member
 * of a valid link or session whom the course lets in at this request (LessonMediaAccess). Both are
 * answered `Cache-Control: private, no-store` with `Vary: Cookie`; anyone else gets the very 404 an
 * unknown id gets, before any other check (processing, failed, parameters, ranges).
 */
@Controller('media')
export class MediaController {
  constructor(
    private readonly media: MediaQueries,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly identity: IdentityService,
    private readonly lessons: LessonMediaAccess,
    private readonly circles: CommunityMediaAccess,
  ) {}

  @Get(':id')
  async best(
    @Param('id') id: string,
    @Query() query: Record<string, string>,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const seen = await this.visible(id, query, request);
    const doc = this.ready(seen?.doc ?? null);
    const admission = seen!.admission;
    if (doc.kind === 'image') return this.negotiated(doc, admission, 'image', query, request, reply);
    if (doc.kind === 'video') return this.file(doc, admission, 'video.mp4', request, reply);
    await admission?.served(String(request.id));
    return sendBlob(
      this.blobs,
      doc.originalKey,
      doc.mime,
      cacheFor(doc, IMMUTABLE, reply),
      request,
      reply,
      doc.kind === 'document',
      doc.name ?? null,
    );
  }

  @Get(':id/:file')
  async one(
    @Param('id') id: string,
    @Param('file') file: string,
    @Query() query: Record<string, string>,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const seen = await this.visible(id, query, request);
    const doc = seen?.doc ?? null;
    const admission = seen?.admission ?? null;
    // A video's poster is prepared before its transcode: shown while the clip is still processing.
    if (
      doc?.status === 'processing' &&
      doc.variants.some((v) => v.role === 'poster' && (file === 'poster' || v.name === file))
    ) {
      return file === 'poster'
        ? this.negotiated(doc, admission, 'poster', query, request, reply)
        : this.file(doc, admission, file, request, reply);
    }
    const ready = this.ready(doc);
    if (file === 'poster') return this.negotiated(ready, admission, 'poster', query, request, reply);
    return this.file(ready, admission, file, request, reply);
  }

  /**
   * The item when this request may see it; null when unknown or not for this viewer (the session or
   * link is only looked at for an item with an audience or a lesson's).
   */
  private async visible(id: string, query: Record<string, string>, request: FastifyRequest): Promise<Visible | null> {
    const doc = await this.media.get(id);
    if (!doc) return null;
    if (isRestrictedMedia(doc)) {
      const viewer = await resolveSession(this.identity, request);
      return canViewMedia(doc, viewer?.user.id ?? null) ? { doc, admission: null } : null;
    }
    const circles = communityGuardOf(doc);
    if (circles) return (await this.circles.admits(doc.ownerId, circles, request)) ? { doc, admission: null } : null;
    const courses = courseGuardOf(doc);
    if (!courses) return { doc, admission: null };
    const admission = await this.lessons.admit(doc.id, courses, query, request);
    return admission ? { doc, admission } : null;
  }

  private ready(doc: MediaDoc | null): MediaDoc {
    if (!doc) throw notFound();
    if (doc.status === 'processing') throw notFound('Media is still being processed', 'MEDIA_PROCESSING');
    if (doc.status === 'failed') throw notFound(doc.error?.message ?? 'Media could not be processed', 'MEDIA_FAILED');
    return doc;
  }

  /**
   * Serves one of the item's files; a lesson's media tell the course first that they are going out
   * (only once a file is known, so a wrong name served nothing and counts for nothing).
   */
  private async file(
    doc: MediaDoc,
    admission: CourseMediaAdmission | null,
    file: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (!FILE.test(file)) throw notFound();
    // Originals of images and videos are never served: they may carry EXIF/GPS and unsafe codecs.
    if (
      file.startsWith('original.') &&
      (doc.kind === 'audio' || doc.kind === 'document') &&
      doc.originalKey.endsWith(`/${file}`)
    ) {
      await admission?.served(String(request.id));
      return sendBlob(
        this.blobs,
        doc.originalKey,
        doc.mime,
        cacheFor(doc, IMMUTABLE, reply),
        request,
        reply,
        doc.kind === 'document',
        doc.name ?? null,
      );
    }
    const variant = doc.variants.find((v) => v.name === file);
    if (!variant) throw notFound();
    await admission?.served(String(request.id));
    return sendBlob(this.blobs, variant.key, variant.mime, cacheFor(doc, IMMUTABLE, reply), request, reply, false);
  }

  private async negotiated(
    doc: MediaDoc,
    admission: CourseMediaAdmission | null,
    role: 'image' | 'poster',
    query: Record<string, string>,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const variant = pickVariant(
      doc.variants.filter((v) => v.role === role),
      { ...imageParams(query), accept: request.headers.accept },
    );
    if (!variant) throw notFound();
    await admission?.served(String(request.id));
    reply.header('Vary', 'Accept');
    return sendBlob(this.blobs, variant.key, variant.mime, cacheFor(doc, NEGOTIATED, reply), request, reply, false);
  }
}

/**
 * The cache policy of an answer about `doc`: as is for public media; for media with an audience or
 * a lesson's, stored by no cache at all (a shared one would serve it to anyone, the browser's would
 * outlive a refund or a member signing out), and varying on the cookie.
 */
function cacheFor(doc: MediaDoc, cache: string, reply: FastifyReply): string {
  if (!isRestrictedMedia(doc) && !courseGuardOf(doc) && !communityGuardOf(doc)) return cache;
  const vary = reply.getHeader('Vary');
  reply.header('Vary', vary ? `${String(vary)}, Cookie` : 'Cookie');
  return PRIVATE_NO_STORE;
}

/** w, h (1-4096), q (1-100, accepted; one quality is prepared) and f (avif, webp, jpeg/jpg). */
function imageParams(query: Record<string, string>): Omit<ImageRequest, 'accept'> {
  const int = (name: string, max: number) => {
    const raw = query[name];
    if (raw === undefined || raw === '') return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > max)
      throw new ApiError(
        400,
        errorBody(400, `${name} must be a whole number between 1 and ${max}`, 'VALIDATION_FAILED'),
      );
    return n;
  };
  int('q', 100);
  const f = query.f?.toLowerCase();
  if (f !== undefined && f !== '' && !['avif', 'webp', 'jpeg', 'jpg'].includes(f)) {
    throw new ApiError(400, errorBody(400, 'f must be one of avif, webp, jpeg', 'VALIDATION_FAILED'));
  }
  return { w: int('w', 4096), h: int('h', 4096), f: f ? (f === 'jpg' ? 'jpeg' : (f as ImageRequest['f'])) : undefined };
}
