import { IdentityModule } from '@modules/identity';
import { ProfilesModule } from '@modules/profiles';
import { RelationshipsModule } from '@modules/relationships';
import { SocialModule } from '@modules/social';
import { Module } from '@nestjs/common';

import { SearchController } from './http/search.controller';
import { MemberResults } from './queries/member-results';
import { PeopleSearch } from './queries/people.queries';
import { SearchQueries } from './queries/search.queries';

/** Search over members, posts and shared AI answers (spec part 2 §2 Search, Search results). */
@Module({
  imports: [IdentityModule, ProfilesModule, RelationshipsModule, SocialModule],
  controllers: [SearchController],
  providers: [SearchQueries, MemberResults, PeopleSearch],
  exports: [SearchQueries],
})
export class SearchModule {}
