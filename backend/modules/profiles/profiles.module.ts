import { Module, OnModuleInit } from '@nestjs/common';

import { AccountExportService, IdentityModule } from '../identity';
import { MemberCountsController } from './http/member-counts.controller';
import { ProfileController } from './http/profile.controller';
import { ProfileMediaController } from './http/profile-media.controller';
import { ProfileUpdateController } from './http/profile-update.controller';
import { ProfileImageStore } from './media/profile-image-store';
import { AuthorsQuery } from './ports/authors.port';
import { PostCounts } from './ports/post-counts.port';
import { ProfileUpdateService } from './profile-update.service';
import { ReadModelAuthors } from './queries/authors.queries';
import { FollowListsQueries } from './queries/follow-lists.queries';
import { ProfilePreviews } from './queries/profile-preview.queries';
import { ProfileViewsQueries } from './queries/profile-views.queries';

/** Public profiles, follower lists, profile edits and profile pictures. */
@Module({
  imports: [IdentityModule],
  // The update controller first: POST /api/profile/update is static, but keep reads after writes.
  controllers: [ProfileUpdateController, ProfileController, MemberCountsController, ProfileMediaController],
  providers: [
    ReadModelAuthors,
    { provide: AuthorsQuery, useExisting: ReadModelAuthors },
    PostCounts,
    ProfileViewsQueries,
    ProfilePreviews,
    FollowListsQueries,
    ProfileUpdateService,
    ProfileImageStore,
  ],
  exports: [AuthorsQuery, PostCounts, ProfilePreviews],
})
export class ProfilesModule implements OnModuleInit {
  constructor(
    private readonly accountExport: AccountExportService,
    private readonly views: ProfileViewsQueries,
  ) {}

  /** "Download my data" carries what the member wrote about themselves on their profile. */
  onModuleInit() {
    this.accountExport.register('publicProfile', async (userId) => {
      const p = await this.views.byId(userId);
      return (
        p && {
          displayName: p.displayName,
          bio: p.bio,
          location: p.location,
          website: p.website,
          avatarUrl: p.avatarUrl,
          bannerUrl: p.bannerUrl,
        }
      );
    });
  }
}
