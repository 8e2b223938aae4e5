import { Controller, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { ApiError, enforceRateLimit, errorBody, parseBody } from '@platform/http';
import type { FastifyRequest } from 'fastify';

import type { RateLimiter } from '../../../src/platform/rate-limit/rate-limiter.port';
import { RATE_LIMITER } from '../../../src/platform/tokens';
import { CurrentSession, requestMeta, type SignedIn, SignedInGuard } from '../../identity';
import { PROFILE_UPDATES } from '../limits';
import { ProfileImageStore } from '../media/profile-image-store';
import { sniffImage } from '../media/sniff-image';
import { ProfileUpdateService, type WantedProfile } from '../profile-update.service';
import { ProfileViewsQueries } from '../queries/profile-views.queries';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE, NOT_AN_IMAGE, readProfileForm } from './profile-form';
import { profileUpdateSchema } from './schemas';

/** The profile edit form and the Edit Profile modal (spec part 1 §2, §5, §7). */
@Controller('api/profile')
@UseGuards(SignedInGuard)
export class ProfileUpdateController {
  constructor(
    private readonly updates: ProfileUpdateService,
    private readonly views: ProfileViewsQueries,
    private readonly images: ProfileImageStore,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
  ) {}

  @Post('update')
  @HttpCode(200)
  async update(@CurrentSession() { user }: SignedIn, @Req() request: FastifyRequest) {
    await enforceRateLimit(this.limiter, `profile:update:${user.id}`, PROFILE_UPDATES);
    const form = await readProfileForm(request);
    const text = parseBody(profileUpdateSchema, form.fields);
    // Every check passes before anything is stored: a refused form leaves no orphan file.
    const avatar = form.profileImage ? checkImage(form.profileImage) : null;
    const banner = form.banner ? checkImage(form.banner) : null;
    const changes: WantedProfile = { ...text };
    const stored: string[] = [];
    let replaced: string[];
    try {
      if (avatar) stored.push((changes.avatarUrl = await this.images.save(form.profileImage!, avatar)));
      if (banner) stored.push((changes.bannerUrl = await this.images.save(form.banner!, banner)));
      replaced = (await this.updates.update(user.id, changes, requestMeta(request, user.id))).replacedPictures;
    } catch (err) {
      // The edit did not happen: its new pictures must not stay behind.
      await Promise.all(stored.map((url) => this.images.remove(url).catch(() => undefined)));
      throw err;
    }
    // The edit stands; a file that fails to go is no longer served anyway (see ProfileMediaController).
    await Promise.all(replaced.map((url) => this.images.remove(url).catch(() => undefined)));
    return { success: true, profile: await this.views.view(user.username, user.id) };
  }
}

function checkImage(bytes: Buffer) {
  if (bytes.length >= IMAGE_MAX_BYTES) throw new ApiError(413, errorBody(413, IMAGE_TOO_LARGE, 'IMAGE_TOO_LARGE'));
  const image = sniffImage(bytes);
  if (!image) throw new ApiError(415, errorBody(415, NOT_AN_IMAGE, 'INVALID_IMAGE'));
  return image;
}
