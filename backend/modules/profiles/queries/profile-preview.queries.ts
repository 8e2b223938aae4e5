import { Injectable } from '@nestjs/common';
import { DomainError } from '@platform/decider/decider';
import { isSitePath, type LinkPreview, PREVIEW_TITLE_CHARS, previewText } from '@platform/http/link-preview';

import { PROFILE_MEDIA_PATH } from '../media/profile-image-store';
import { ProfileViewsQueries } from './profile-views.queries';

/**
 * A member's link preview, as a signed-out visitor sees the profile (GET /api/profile/:username
 * without a session): an unknown or deleted member has none. The avatar is the picture.
 */
@Injectable()
export class ProfilePreviews {
  constructor(private readonly views: ProfileViewsQueries) {}

  async of(username: string): Promise<LinkPreview | null> {
    const profile = await this.views.view(username, null).catch((err: unknown) => {
      if (err instanceof DomainError && err.status === 404) return null;
      throw err;
    });
    if (!profile) return null;
    const avatar = profile.avatarUrl;
    const name = `${profile.displayName} (@${profile.username})`;
    return {
      path: `/profile/${encodeURIComponent(profile.username)}`,
      title: previewText(name, PREVIEW_TITLE_CHARS),
      description: previewText(profile.bio) || previewText(`${name} on DeenConnect`),
      type: 'profile',
      username: profile.username,
      // Only a picture this server stores and serves (profile-media.controller.ts).
      image:
        avatar && isSitePath(avatar) && avatar.startsWith(`${PROFILE_MEDIA_PATH}/`)
          ? { path: avatar, width: null, height: null, alt: profile.displayName }
          : null,
      imageShape: 'square',
    };
  }
}
