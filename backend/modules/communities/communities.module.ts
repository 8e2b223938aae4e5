import { Module } from '@nestjs/common';

import { IdentityModule } from '../identity';
import { MediaModule } from '../media';
import { ProfilesModule } from '../profiles';
import { SocialModule } from '../social';
import { CommunitiesService } from './communities.service';
import { CommunityClosureReactor } from './community-closure.reactor';
import { CommunitiesController } from './http/communities.controller';
import { CommunityAccess } from './http/community-access';
import { CommunityModerationController } from './http/community-moderation.controller';
import { CommunitiesQueries } from './queries/communities.queries';

/** Communities: circles members create, join and post in, with their own moderators (issue 41). */
@Module({
  imports: [IdentityModule, MediaModule, ProfilesModule, SocialModule],
  controllers: [CommunitiesController, CommunityModerationController],
  providers: [CommunitiesService, CommunitiesQueries, CommunityAccess, CommunityClosureReactor],
})
export class CommunitiesModule {}
