import { CurrentSession, SignedIn, SignedInGuard } from '@modules/identity';
import { Controller, Get, Query, UseGuards } from '@nestjs/common';

import { parseCursor, parseLimit } from '../paging';
import { ReactedPostsQueries } from '../queries/reacted-posts.queries';

/** The bookmarks page: the posts the member bookmarked, most recent bookmark first. */
@Controller('api/bookmarks')
export class BookmarksController {
  constructor(private readonly reactedPosts: ReactedPostsQueries) {}

  @Get()
  @UseGuards(SignedInGuard)
  bookmarks(@CurrentSession() session: SignedIn, @Query('limit') limit: unknown, @Query('cursor') cursor: unknown) {
    return this.reactedPosts.reacted(
      'bookmark',
      session.user.id,
      session.user.id,
      parseLimit(limit),
      parseCursor(cursor),
    );
  }
}
