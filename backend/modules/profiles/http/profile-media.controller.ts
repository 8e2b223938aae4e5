import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

import { PROFILE_MEDIA_PATH, ProfileImageStore } from '../media/profile-image-store';
import { ProfileViewsQueries } from '../queries/profile-views.queries';

/**
 * Serves stored profile pictures read-only, and only while a live profile shows them: a deleted
 * member's or a replaced picture stops being reachable even though the file may linger on disk.
 */
@Controller('media/profiles')
export class ProfileMediaController {
  constructor(
    private readonly images: ProfileImageStore,
    private readonly views: ProfileViewsQueries,
  ) {}

  @Get(':name')
  async image(@Param('name') name: string, @Res() reply: FastifyReply) {
    const found = (await this.views.pictureInUse(`${PROFILE_MEDIA_PATH}/${name}`))
      ? await this.images.read(name)
      : null;
    if (!found) throw new NotFoundException('Image not found');
    // Names are fresh ids, so the bytes never change; the hour bounds how long caches keep a
    // picture its owner has removed.
    return reply
      .header('Content-Type', found.mime)
      .header('Cache-Control', 'public, max-age=3600')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'")
      .send(found.bytes);
  }
}
