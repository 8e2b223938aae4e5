import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { ApiError, errorBody } from '@platform/http';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { Logger } from '../../../src/platform/logging';
import { LOGGER } from '../../../src/platform/tokens';
import { parsePlaceholderQuery, renderPlaceholder } from '../placeholder/placeholder-image';
import { SampleVideo } from '../placeholder/sample-video';
import { sendBlob } from '../serving/send-blob';
import type { BlobStore } from '../storage/blob-store.port';
import { BLOB_STORE } from '../tokens';

/** Spec part 2 §7: the fallback for broken images and the sample clip of the media test pages. */
@Controller('api')
export class PlaceholderController {
  constructor(
    private readonly sample: SampleVideo,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Get('placeholder-image')
  async image(@Query() query: Record<string, unknown>, @Res() reply: FastifyReply) {
    const png = await renderPlaceholder(parsePlaceholderQuery(query));
    return reply
      .header('Content-Type', 'image/png')
      .header('Cache-Control', 'public, max-age=86400')
      .header('X-Content-Type-Options', 'nosniff')
      .send(png);
  }

  @Get('placeholder-video')
  async video(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    let key: string;
    try {
      key = await this.sample.key();
    } catch (err) {
      this.logger.warn({ err }, 'sample video could not be made');
      throw new ApiError(503, errorBody(503, 'Sample video is not available', 'SAMPLE_VIDEO_UNAVAILABLE'), {
        'Cache-Control': 'no-store',
      });
    }
    // The URL is not versioned: cached a day, not forever.
    return sendBlob(this.blobs, key, 'video/mp4', 'public, max-age=86400', request, reply, false);
  }
}
