import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ProfileImageStore } from '../media/profile-image-store';

/** Serves stored profile pictures read-only; names are fresh ids, so a file never changes. */
@Controller('media/profiles')
export class ProfileMediaController {
  constructor(private readonly images: ProfileImageStore) {}

  @Get(':name')
  async image(@Param('name') name: string, @Res() reply: FastifyReply) {
    const found = await this.images.read(name);
    if (!found) throw new NotFoundException('Image not found');
    return reply
      .header('Content-Type', found.mime)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'")
      .send(found.bytes);
  }
}
