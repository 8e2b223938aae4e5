import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@platform/config';
import { ApiError, errorBody } from '@platform/http';
import { canProcessVideo, MEDIA_TOOLS_MISSING } from '@platform/media-tools';

import { CommandExecutor } from '../../../src/platform/decider/command-executor';
import { DomainError, fold } from '../../../src/platform/decider/decider';
import type { CommandMetadata } from '../../../src/platform/decider/handle-command';
import type { EventStore } from '../../../src/platform/event-store/event-store.port';
import { newId } from '../../../src/platform/ids';
import { APP_CONFIG, EVENT_STORE } from '../../../src/platform/tokens';
import { chunkKey, uploadPrefix, UPLOADS_ROOT } from '../domain/media-keys';
import type { MediaPurpose } from '../domain/media-types';
import { assertOpen, uploadDecider, UploadState } from '../domain/upload.decider';
import { type UploadEvent, uploadStream } from '../events';
import { MediaRejectedError } from '../ingest/media-rejected.error';
import { MEDIA_LIMITS } from '../limits';
import { type IngestedMedia, MediaIngestService } from '../media-ingest.service';
import type { BlobStore } from '../storage/blob-store.port';
import { BLOB_STORE } from '../tokens';
import { assembleChunks } from './assemble';
import { chunkSpan, parseContentRange } from './content-range';
import { declaredTypeAccepted } from './declared-type';

export interface InitUpload {
  filename: string;
  fileSize: number;
  fileType: string;
  totalChunks: number;
  checksum: string;
  metadata: Record<string, unknown>;
  purpose: MediaPurpose;
  /** Ingested with the uploader as its only audience (see UploadStartedData.private). */
  private?: boolean;
}

export interface UploadProgress {
  uploadId: string;
  status: UploadState['status'];
  filename: string;
  fileSize: number;
  chunkSize: number;
  totalChunks: number;
  uploadedChunks: number[];
  missingChunks: number[];
  mediaId: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SWEEPER = 'system:media-upload-sweeper';

/**
 * Chunked uploads (spec part 2 §7). The upload's facts are events on `upload-<id>`; its chunks are
 * blobs under uploads/<id>/, written only if absent, so a retried chunk answers 409 and a paused
 * upload resumes from what is stored.
 */
@Injectable()
export class UploadsService {
  constructor(
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly commands: CommandExecutor,
    private readonly ingest: MediaIngestService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async init(ownerId: string, input: InitUpload, meta: CommandMetadata): Promise<UploadProgress> {
    const limit = input.purpose === 'video-post' ? MEDIA_LIMITS.videoPostBytes : MEDIA_LIMITS.uploadBytes;
    if (!declaredTypeAccepted(input.fileType, input.purpose)) {
      const message =
        input.purpose === 'video-post' ? 'Only MP4 format is supported' : `${input.filename} is not a supported format`;
      throw new ApiError(415, errorBody(415, message, 'UNSUPPORTED_MEDIA_TYPE'));
    }
    // Refused before any chunk is sent, not after 100 MB have crossed the network.
    const declared = input.fileType.trim().toLowerCase();
    const needsTools = input.purpose === 'video-post' || declared.startsWith('video/') || declared.startsWith('audio/');
    if (needsTools && !canProcessVideo(this.config.ffmpeg.tools)) {
      throw new ApiError(503, errorBody(503, MEDIA_TOOLS_MISSING, 'MEDIA_TOOLS_MISSING'));
    }
    if (input.fileSize > limit) {
      const message =
        input.purpose === 'video-post'
          ? 'Video file must be 100MB or smaller'
          : `${input.filename} exceeds the 50MB limit`;
      throw new ApiError(413, errorBody(413, message, 'FILE_TOO_LARGE'));
    }
    if (input.fileType.startsWith('image/') && input.fileSize > MEDIA_LIMITS.imageBytes) {
      throw new ApiError(413, errorBody(413, `${input.filename} exceeds the 5MB limit`, 'FILE_TOO_LARGE'));
    }
    const expectedChunks = Math.ceil(input.fileSize / MEDIA_LIMITS.chunkBytes);
    if (input.totalChunks !== expectedChunks) {
      throw new DomainError(
        'BAD_CHUNK_COUNT',
        `totalChunks must be ${expectedChunks} for ${input.fileSize} bytes in 1MB chunks`,
        400,
      );
    }
    const uploadId = newId();
    await this.commands.execute(
      uploadStream(uploadId),
      uploadDecider,
      {
        type: 'Start',
        upload: {
          uploadId,
          ownerId,
          filename: input.filename,
          fileSize: input.fileSize,
          fileType: input.fileType,
          totalChunks: input.totalChunks,
          chunkSize: MEDIA_LIMITS.chunkBytes,
          checksum: input.checksum.toLowerCase(),
          metadata: input.metadata,
          purpose: input.purpose,
          startedAt: new Date().toISOString(),
          ...(input.private ? { private: true } : {}),
        },
      },
      { ...meta, actor: ownerId },
      { newStream: true },
    );
    return this.progress(ownerId, uploadId);
  }

  /** Stores one chunk; 409 when it is already there (the client counts that as done). */
  async putChunk(
    ownerId: string,
    uploadId: string,
    index: number,
    body: Buffer,
    contentRange: string | undefined,
  ): Promise<{ uploadId: string; index: number; uploadedChunks: number }> {
    const state = await this.ownOpen(ownerId, uploadId);
    const up = state.started!;
    if (!Number.isInteger(index) || index < 0 || index >= up.totalChunks) {
      throw new DomainError('BAD_CHUNK_INDEX', `Chunk index must be between 0 and ${up.totalChunks - 1}`, 400);
    }
    const span = chunkSpan(index, up.fileSize, up.chunkSize);
    const range = parseContentRange(contentRange);
    if (!range || range.start !== span.start || range.end !== span.end || range.total !== up.fileSize) {
      throw new DomainError(
        'BAD_CONTENT_RANGE',
        `Content-Range must be bytes ${span.start}-${span.end}/${up.fileSize}`,
        400,
      );
    }
    if (body.length !== span.length) {
      throw new DomainError('BAD_CHUNK_SIZE', `Chunk ${index} must be ${span.length} bytes`, 400);
    }
    if (!(await this.blobs.put(chunkKey(uploadId, index), body, { ifAbsent: true }))) {
      throw new ApiError(409, errorBody(409, `Chunk ${index} already uploaded`, 'CHUNK_EXISTS'));
    }
    return { uploadId, index, uploadedChunks: (await this.storedChunks(uploadId)).length };
  }

  /** What the owner needs to resume: which chunks the server has. */
  async progress(ownerId: string, uploadId: string): Promise<UploadProgress> {
    const state = await this.owned(ownerId, uploadId);
    const up = state.started!;
    const stored = state.status === 'open' ? await this.storedChunks(uploadId) : [];
    const have = new Set(stored);
    const all = Array.from({ length: up.totalChunks }, (_, i) => i);
    return {
      uploadId,
      status: state.status,
      filename: up.filename,
      fileSize: up.fileSize,
      chunkSize: up.chunkSize,
      totalChunks: up.totalChunks,
      uploadedChunks: state.status === 'completed' ? all : stored,
      missingChunks: state.status === 'completed' ? [] : all.filter((i) => !have.has(i)),
      mediaId: state.mediaId,
    };
  }

  /** Assembles, checks the SHA-256, then ingests. A mismatch keeps nothing (422). */
  async finalize(
    ownerId: string,
    uploadId: string,
    meta: CommandMetadata,
  ): Promise<{ uploadId: string; mediaId: string; media: IngestedMedia | null }> {
    const state = await this.owned(ownerId, uploadId);
    // Finalize answered but the answer was lost: the second call gets the same media.
    if (state.status === 'completed') return { uploadId, mediaId: state.mediaId!, media: null };
    assertOpen(state);
    const up = state.started!;
    const stored = await this.storedChunks(uploadId);
    if (stored.length !== up.totalChunks) {
      const have = new Set(stored);
      const missing = Array.from({ length: up.totalChunks }, (_, i) => i).filter((i) => !have.has(i));
      throw new ApiError(409, {
        ...errorBody(409, 'Upload is missing chunks', 'UPLOAD_INCOMPLETE'),
        missingChunks: missing,
      });
    }
    const dir = await mkdtemp(join(tmpdir(), 'dc-upload-'));
    const actorMeta = { ...meta, actor: ownerId };
    try {
      const file = join(dir, 'assembled');
      const assembled = await assembleChunks(
        this.blobs,
        stored.map((i) => chunkKey(uploadId, i)),
        file,
      );
      if (assembled.sha256 !== up.checksum || assembled.bytes !== up.fileSize) {
        await this.reject(uploadId, 'CHECKSUM_MISMATCH', 'checksum mismatch', actorMeta);
        throw new DomainError(
          'CHECKSUM_MISMATCH',
          'Checksum mismatch: the file changed during upload. Please upload it again.',
          422,
        );
      }
      let media: IngestedMedia;
      try {
        media = await this.ingest.ingest(
          {
            ownerId,
            source: { path: file },
            purpose: up.purpose,
            filename: up.filename,
            declaredType: up.fileType,
            sha256: assembled.sha256,
            ...(up.private ? { audience: [ownerId] } : {}),
          },
          actorMeta,
        );
      } catch (err) {
        if (err instanceof MediaRejectedError)
          await this.reject(uploadId, err.rejection.code, err.rejection.message, actorMeta);
        throw err;
      }
      await this.commands.execute(
        uploadStream(uploadId),
        uploadDecider,
        { type: 'Complete', mediaId: media.id, now: new Date().toISOString() },
        actorMeta,
      );
      await this.deleteChunks(uploadId);
      return { uploadId, mediaId: media.id, media };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * Removes abandoned uploads: open ones started more than 24 h before `now` (recorded as
   * UploadExpired) and chunks left behind by closed or unknown uploads. `now` is a parameter so
   * tests can move the clock.
   */
  async sweep(now: Date = new Date()): Promise<{ expired: number; deletedChunks: number }> {
    const byUpload = new Map<string, { key: string; lastModified: Date }[]>();
    for (const o of await this.blobs.list(UPLOADS_ROOT)) {
      const [id = ''] = o.key.slice(UPLOADS_ROOT.length).split('/');
      byUpload.set(id, [...(byUpload.get(id) ?? []), o]);
    }
    let expired = 0;
    let deletedChunks = 0;
    for (const [uploadId, chunks] of byUpload) {
      const state = UUID.test(uploadId) ? await this.load(uploadId) : uploadDecider.initialState();
      const old = (t: number) => now.getTime() - t >= MEDIA_LIMITS.uploadTtlMs;
      let remove: boolean;
      if (state.status === 'open') {
        remove = old(Date.parse(state.started!.startedAt));
        if (remove) {
          const result = await this.commands.execute(
            uploadStream(uploadId),
            uploadDecider,
            { type: 'Expire', now: now.toISOString(), ttlMs: MEDIA_LIMITS.uploadTtlMs },
            { actor: SWEEPER },
          );
          expired += result.events.length;
        }
      } else if (state.status === 'none') {
        // Chunks without an upload stream: only when old, so a racing init is never cut short.
        remove = chunks.every((c) => old(c.lastModified.getTime()));
      } else {
        remove = true;
      }
      if (!remove) continue;
      for (const c of chunks) await this.blobs.delete(c.key);
      deletedChunks += chunks.length;
    }
    return { expired, deletedChunks };
  }

  private async reject(uploadId: string, code: string, reason: string, meta: CommandMetadata) {
    await this.deleteChunks(uploadId);
    await this.commands.execute(
      uploadStream(uploadId),
      uploadDecider,
      { type: 'Reject', code, reason, now: new Date().toISOString() },
      meta,
    );
  }

  private async deleteChunks(uploadId: string) {
    for (const o of await this.blobs.list(uploadPrefix(uploadId))) await this.blobs.delete(o.key);
  }

  /** Chunk indexes stored so far, ascending. */
  private async storedChunks(uploadId: string): Promise<number[]> {
    return (await this.blobs.list(uploadPrefix(uploadId)))
      .map((o) => Number(o.key.slice(uploadPrefix(uploadId).length)))
      .filter((n) => Number.isInteger(n))
      .sort((a, b) => a - b);
  }

  private async load(uploadId: string): Promise<UploadState> {
    const events = await this.eventStore.readStream(uploadStream(uploadId));
    return fold(
      uploadDecider,
      events.map((e) => ({ type: e.type, data: e.data }) as UploadEvent),
    );
  }

  /** The upload, if it exists and the caller started it (404 / 403 otherwise). */
  private async owned(ownerId: string, uploadId: string): Promise<UploadState> {
    const state = UUID.test(uploadId) ? await this.load(uploadId) : null;
    if (!state || state.status === 'none') throw new DomainError('UPLOAD_NOT_FOUND', 'Upload not found', 404);
    if (state.started!.ownerId !== ownerId)
      throw new DomainError('NOT_UPLOAD_OWNER', 'Only the member who started this upload can change it', 403);
    return state;
  }

  /** Owned and still accepting chunks; past its 24 h it counts as abandoned even before a sweep. */
  private async ownOpen(ownerId: string, uploadId: string): Promise<UploadState> {
    const state = await this.owned(ownerId, uploadId);
    assertOpen(state);
    if (Date.now() - Date.parse(state.started!.startedAt) >= MEDIA_LIMITS.uploadTtlMs) {
      throw new DomainError('UPLOAD_CLOSED', 'Upload is no longer open. Please start again.', 404);
    }
    return state;
  }
}
