import { IdentityService, resolveSession } from '@modules/identity';
import { RelationshipsQuery } from '@modules/relationships';
import { Controller, Get, Inject, Param, Query, Req } from '@nestjs/common';
import { DomainError } from '@platform/decider/decider';
import type { ReadModels } from '@platform/read-models';
import { READ_MODELS } from '@platform/tokens';
import { type UserDoc, USERS } from '@projections/identity';
import type { FastifyRequest } from 'fastify';

import { CommentsService } from '../comments.service';
import { parseCursor, parseLimit } from '../paging';
import { FeedQueries } from '../queries/feed.queries';
import { ReactedPostsQueries } from '../queries/reacted-posts.queries';

const userNotFound = () => new DomainError('USER_NOT_FOUND', 'User not found', 404);

/** The profile tabs: posts, media, replies, likes (the profile header belongs to the profiles module). */
@Controller()
export class ProfileTabsController {
  constructor(
    private readonly identity: IdentityService,
    private readonly feed: FeedQueries,
    private readonly comments: CommentsService,
    private readonly reactedPosts: ReactedPostsQueries,
    private readonly relationships: RelationshipsQuery,
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
  ) {}

  @Get('api/profile/:username/posts')
  async posts(
    @Param('username') username: string,
    @Query('limit') limit: unknown,
    @Query('cursor') cursor: unknown,
    @Req() request: FastifyRequest,
  ) {
    const { authorId, viewerId } = await this.profile(username, request);
    return this.feed.profilePosts(authorId, { viewerId, limit: parseLimit(limit), cursor: parseCursor(cursor) });
  }

  @Get('api/profile/:username/media')
  async media(
    @Param('username') username: string,
    @Query('limit') limit: unknown,
    @Query('cursor') cursor: unknown,
    @Req() request: FastifyRequest,
  ) {
    const { authorId, viewerId } = await this.profile(username, request);
    return this.feed.byAuthor(
      authorId,
      { viewerId, limit: parseLimit(limit), cursor: parseCursor(cursor) },
      { hasMedia: true },
    );
  }

  @Get('api/profile/:username/replies')
  async replies(
    @Param('username') username: string,
    @Query('limit') limit: unknown,
    @Query('cursor') cursor: unknown,
    @Req() request: FastifyRequest,
  ) {
    const { authorId } = await this.profile(username, request);
    return this.comments.replies(authorId, parseLimit(limit), parseCursor(cursor));
  }

  @Get('api/profile/:username/likes')
  async likes(
    @Param('username') username: string,
    @Query('limit') limit: unknown,
    @Query('cursor') cursor: unknown,
    @Req() request: FastifyRequest,
  ) {
    const { authorId, viewerId } = await this.profile(username, request);
    if (viewerId !== authorId) throw new DomainError('LIKES_PRIVATE', 'Likes are private', 403);
    return this.reactedPosts.reacted('like', authorId, viewerId, parseLimit(limit), parseCursor(cursor));
  }

  /** Usernames are case-insensitive; a block either way hides the whole profile. */
  private async profile(username: string, request: FastifyRequest) {
    if (username.length > 50) throw userNotFound();
    const viewer = await resolveSession(this.identity, request);
    const found = await this.readModels
      .collection<UserDoc>(USERS)
      .find({ where: { usernameLower: username.toLowerCase() }, limit: 1 });
    const author = found.items[0];
    if (!author) throw userNotFound();
    const viewerId = viewer?.user.id ?? null;
    if (viewerId && viewerId !== author.id && (await this.relationships.blockedEitherWay(viewerId, author.id)))
      throw userNotFound();
    return { authorId: author.id, viewerId };
  }
}
