import { Controller, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ApiError, errorBody, RateLimit, ZodBody } from '@platform/http';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

import { CurrentSession, requestMeta, SignedIn, SignedInGuard } from '../../identity';
import { UPLOAD_CHUNK_BUDGET } from '../limits';
import { UploadsService } from '../uploads/uploads.service';
import { initUploadSchema } from './schemas';

/** Chunked uploads (spec part 2 §7): init, chunks, progress for resuming, finalize. */
@Controller('api/uploads')
@UseGuards(SignedInGuard)
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  @Post('init')
  async init(
    @CurrentSession() { user }: SignedIn,
    @ZodBody(initUploadSchema) body: z.output<typeof initUploadSchema>,
    @Req() request: FastifyRequest,
  ) {
    return this.uploads.init(user.id, body, requestMeta(request, user.id));
  }

  @Get(':uploadId')
  async progress(@CurrentSession() { user }: SignedIn, @Param('uploadId') uploadId: string) {
    return this.uploads.progress(user.id, uploadId);
  }

  @RateLimit(UPLOAD_CHUNK_BUDGET)
  @Post(':uploadId/chunk/:index')
  async chunk(
    @CurrentSession() { user }: SignedIn,
    @Param('uploadId') uploadId: string,
    @Param('index') index: string,
    @Req() request: FastifyRequest,
  ) {
    if (!Buffer.isBuffer(request.body)) {
      throw new ApiError(
        415,
        errorBody(415, 'Chunk body must be sent as application/octet-stream', 'UNSUPPORTED_MEDIA_TYPE'),
      );
    }
    const n = /^\d{1,6}$/.test(index) ? Number(index) : -1;
    return this.uploads.putChunk(user.id, uploadId, n, request.body, request.headers['content-range']);
  }

  @Post(':uploadId/finalize')
  @HttpCode(200)
  async finalize(
    @CurrentSession() { user }: SignedIn,
    @Param('uploadId') uploadId: string,
    @Req() request: FastifyRequest,
  ) {
    return this.uploads.finalize(user.id, uploadId, requestMeta(request, user.id));
  }
}
