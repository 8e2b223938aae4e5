import { Controller, Post, HttpCode, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiError, errorBody, parseBody } from '../../../src/http';
import { CurrentSession, requestMeta, SignedInGuard, type SignedIn } from '../../identity';
import type { ProfileFields } from '../domain/profile.events';
import { ProfileImageStore } from '../media/profile-image-store';
import { sniffImage } from '../media/sniff-image';
import { ProfileUpdates } from '../profile-update.service';
import { ProfileViews } from '../profile-views.service';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE, NOT_AN_IMAGE, readProfileForm } from './profile-form';
import { profileUpdateSchema } from './profile-update.schema';

/** The profile edit form and the Edit Profile modal (spec part 1 §2, §5, §7). */
@Controller('api/profile')
@UseGuards(SignedInGuard)
export class ProfileUpdateController {
  constructor(
    private readonly updates: ProfileUpdates,
    private readonly views: ProfileViews,
    private readonly images: ProfileImageStore,
  ) {}

  @Post('update')
  @HttpCode(200)
  async update(@CurrentSession() { user }: SignedIn, @Req() request: FastifyRequest) {
    const form = await readProfileForm(request);
    const text = parseBody(profileUpdateSchema, form.fields);
    // Every check passes before anything is stored: a refused form leaves no orphan file.
    const avatar = form.profileImage ? checkImage(form.profileImage) : null;
    const banner = form.banner ? checkImage(form.banner) : null;
    const changes: Partial<ProfileFields> = { ...text };
    if (avatar) changes.avatarUrl = await this.images.save(form.profileImage!, avatar);
    if (banner) changes.bannerUrl = await this.images.save(form.banner!, banner);
    await this.updates.update(user.id, changes, requestMeta(request, user.id));
    return { success: true, profile: await this.views.view(user.username, user.id) };
  }
}

function checkImage(bytes: Buffer) {
  if (bytes.length >= IMAGE_MAX_BYTES) throw new ApiError(413, errorBody(413, IMAGE_TOO_LARGE, 'IMAGE_TOO_LARGE'));
  const image = sniffImage(bytes);
  if (!image) throw new ApiError(415, errorBody(415, NOT_AN_IMAGE, 'INVALID_IMAGE'));
  return image;
}
