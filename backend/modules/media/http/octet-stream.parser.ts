import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';

import { MEDIA_LIMITS } from '../limits';

/**
 * Upload chunks arrive as raw bytes (application/octet-stream). Fastify refuses types it has no
 * parser for, so the media module adds one, bounded by the chunk size (bigger bodies: 413).
 */
@Injectable()
export class OctetStreamParser implements OnModuleInit {
  constructor(private readonly host: HttpAdapterHost) {}

  onModuleInit() {
    const fastify = this.host.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify || fastify.hasContentTypeParser('application/octet-stream')) return;
    fastify.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: MEDIA_LIMITS.chunkBytes },
      (_request, body, done) => done(null, body),
    );
  }
}
