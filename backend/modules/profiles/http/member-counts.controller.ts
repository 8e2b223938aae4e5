import { Controller, Get, Header, UseGuards } from '@nestjs/common';

import { CurrentSession, type SignedIn, SignedInGuard } from '../../identity';
import { ProfileViewsQueries } from '../queries/profile-views.queries';

/** The side menu's follower and following counts of the signed-in member. */
@Controller('api/users/me')
@UseGuards(SignedInGuard)
export class MemberCountsController {
  constructor(private readonly views: ProfileViewsQueries) {}

  @Get('counts')
  @Header('Cache-Control', 'no-store')
  async counts(@CurrentSession() { user }: SignedIn) {
    const doc = await this.views.byId(user.id);
    return doc ? this.views.counts(doc, user.id) : { posts: 0, followers: 0, following: 0, likes: 0 };
  }
}
