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

/** The spec's profile tabs, in its order (part 1: `GET /api/profile/{username}/{tab}`). */
export const PROFILE_TABS = ['posts', 'replies', 'media', 'likes'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

const isTab = (tab: string): tab is ProfileTab => (PROFILE_TABS as readonly string[]).includes(tab);
const unknownTab = () =>
  new DomainError('TAB_NOT_FOUND', `Unknown profile tab: use one of ${PROFILE_TABS.join(', ')}`, 404);

interface TabRequest {
  authorId: string;
  viewerId: string | null;
  limit: number;
  cursor: string | null;
}

interface TabQuery {
  /** Only the profile's owner may read it: the refusal anyone else gets (before their paging is read). */
  ownerOnly?: () => DomainError;
  list: (r: TabRequest) => Promise<unknown>;
}

/**
 * The profile tabs (the profile header, followers and following belong to the profiles module; those
 * two are static segments, which the router matches before `:tab`, so the two never collide).
 */
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

  /** Which query answers each tab: one route, so a tab is added here and nowhere else. */
  private readonly tabs: Record<ProfileTab, TabQuery> = {
    posts: { list: ({ authorId, ...page }) => this.feed.profilePosts(authorId, page) },
    media: { list: ({ authorId, ...page }) => this.feed.byAuthor(authorId, page, { hasMedia: true }) },
    replies: { list: ({ authorId, limit, cursor }) => this.comments.replies(authorId, limit, cursor) },
    likes: {
      ownerOnly: () => new DomainError('LIKES_PRIVATE', 'Likes are private', 403),
      list: ({ authorId, viewerId, limit, cursor }) =>
        this.reactedPosts.reacted('like', authorId, viewerId, limit, cursor),
    },
  };

  @Get('api/profile/:username/:tab')
  async tab(
    @Param('username') username: string,
    @Param('tab') tab: string,
    @Query('limit') limit: unknown,
    @Query('cursor') cursor: unknown,
    @Req() request: FastifyRequest,
  ) {
    // The tab is checked first: an unknown one is a 404 whoever the member is (no lookup is spent on it).
    if (!isTab(tab)) throw unknownTab();
    const { authorId, viewerId } = await this.profile(username, request);
    const query = this.tabs[tab];
    if (query.ownerOnly && viewerId !== authorId) throw query.ownerOnly();
    return query.list({ authorId, viewerId, limit: parseLimit(limit), cursor: parseCursor(cursor) });
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
