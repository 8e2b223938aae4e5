import type { CommunityForm } from '@contract';
import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import { RateLimit, ZodBody } from '@platform/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

import {
  CurrentSession,
  IdentityService,
  isStaff,
  requestMeta,
  resolveSession,
  type SignedIn,
  SignedInGuard,
} from '../../identity';
import { FeedQueries, IN_COMMUNITY } from '../../social';
import { CommunitiesService } from '../communities.service';
import { COMMUNITY_BUDGET } from '../limits';
import { CommunitiesQueries } from '../queries/communities.queries';
import { CommunityAccess } from './community-access';
import { idCursor, limitOf, roleOf, textOf, viewerOf } from './params';
import { createCommunitySchema, deleteSchema, settingsSchema, updateCommunitySchema } from './schemas';

/** Communities (issue 41): finding, reading, joining and leaving them (the routes of the module's README). */
@Controller('api/communities')
export class CommunitiesController {
  constructor(
    private readonly communities: CommunitiesService,
    private readonly queries: CommunitiesQueries,
    private readonly identity: IdentityService,
    private readonly feed: FeedQueries,
    private readonly access: CommunityAccess,
  ) {}

  @Post()
  @HttpCode(201)
  @RateLimit(COMMUNITY_BUDGET)
  @UseGuards(SignedInGuard)
  async create(
    @CurrentSession() s: SignedIn,
    @ZodBody(createCommunitySchema) body: z.output<typeof createCommunitySchema>,
    @Req() r: FastifyRequest,
  ) {
    const id = await this.communities.create(s.user, body as CommunityForm, requestMeta(r, s.user.id));
    return { community: await this.queries.view(id, viewerOf(s)) };
  }

  @Get()
  async list(@Query() query: Record<string, unknown>, @Req() r: FastifyRequest) {
    const viewer = viewerOf(await resolveSession(this.identity, r));
    return this.queries.list(
      {
        q: textOf(query.q, 'q'),
        category: textOf(query.category, 'category'),
        city: textOf(query.city, 'city'),
        mine: query.mine === 'true',
        // The member's own communities page by when they joined (an opaque cursor); the others by id.
        cursor: query.mine === 'true' ? textOf(query.cursor, 'cursor') : idCursor(query.cursor),
        limit: limitOf(query.limit),
      },
      viewer,
    );
  }

  @Get(':slug')
  async get(@Param('slug') slug: string, @Req() r: FastifyRequest) {
    const viewer = viewerOf(await resolveSession(this.identity, r));
    return { community: await this.queries.view(await this.communities.idOf(slug), viewer) };
  }

  @Patch(':slug')
  @RateLimit(COMMUNITY_BUDGET)
  @UseGuards(SignedInGuard)
  async update(
    @Param('slug') slug: string,
    @CurrentSession() s: SignedIn,
    @ZodBody(updateCommunitySchema) body: z.output<typeof updateCommunitySchema>,
    @Req() r: FastifyRequest,
  ) {
    const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    await this.communities.checkImages(s.user.id, changes);
    return this.access.run(slug, s, r, { type: 'Update', changes });
  }

  /**
   * Deletes the community (its owner; the app's moderators and admins with a reason): gone from every
   * list and page at once, its posts deleted after it, its address never given again.
   */
  @Delete(':slug')
  @RateLimit(COMMUNITY_BUDGET)
  @UseGuards(SignedInGuard)
  async remove(
    @Param('slug') slug: string,
    @CurrentSession() s: SignedIn,
    @ZodBody(deleteSchema) body: z.output<typeof deleteSchema>,
    @Req() r: FastifyRequest,
  ) {
    const action = { type: 'Delete' as const, staff: isStaff(s.user.role), reason: body.reason ?? null };
    await this.communities.act(slug, s.user.id, action, requestMeta(r, s.user.id));
    return { deleted: true };
  }

  @Post(':slug/join')
  @RateLimit(COMMUNITY_BUDGET)
  @UseGuards(SignedInGuard)
  async join(
    @Param('slug') slug: string,
    @CurrentSession() s: SignedIn,
    @Req() r: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const state = await this.communities.act(slug, s.user.id, { type: 'Join' }, requestMeta(r, s.user.id));
    void reply.status(state.members[s.user.id] ? 201 : 202);
    return { community: await this.queries.view(state.id, viewerOf(s)) };
  }

  @Post(':slug/leave')
  @HttpCode(200)
  @RateLimit(COMMUNITY_BUDGET)
  @UseGuards(SignedInGuard)
  leave(@Param('slug') slug: string, @CurrentSession() s: SignedIn, @Req() r: FastifyRequest) {
    return this.access.run(slug, s, r, { type: 'Leave' });
  }

  @Get(':slug/members')
  async members(
    @Param('slug') slug: string,
    @Query('cursor') cursor: unknown,
    @Query('limit') limit: unknown,
    @Query('role') role: unknown,
    @Req() r: FastifyRequest,
  ) {
    const viewer = viewerOf(await resolveSession(this.identity, r));
    const { id } = await this.access.readable(slug, viewer);
    const page = await this.queries.memberList(id, 'member', textOf(cursor, 'cursor'), limitOf(limit), roleOf(role));
    return { members: await this.queries.memberViews(page.docs), nextCursor: page.nextCursor };
  }

  @Put(':slug/settings')
  @RateLimit(COMMUNITY_BUDGET)
  @UseGuards(SignedInGuard)
  settings(
    @Param('slug') slug: string,
    @CurrentSession() s: SignedIn,
    @ZodBody(settingsSchema) body: z.output<typeof settingsSchema>,
    @Req() r: FastifyRequest,
  ) {
    return this.access.run(slug, s, r, { type: 'Settings', notify: body.notify, feedInHome: body.feedInHome });
  }

  @Get(':slug/posts')
  async posts(
    @Param('slug') slug: string,
    @Query('cursor') cursor: unknown,
    @Query('limit') limit: unknown,
    @Req() r: FastifyRequest,
  ) {
    const session = await resolveSession(this.identity, r);
    const viewer = viewerOf(session);
    const doc = await this.access.readable(slug, viewer);
    const id = doc.id;
    const page = { viewerId: viewer?.id ?? null, limit: limitOf(limit), cursor: idCursor(cursor) };
    const [pinned, posts] = await Promise.all([
      page.cursor ? Promise.resolve([]) : this.feed.visible(doc.pinned, page.viewerId, IN_COMMUNITY),
      this.feed.community(id, page),
    ]);
    return { pinned, posts, nextCursor: posts.length === page.limit ? (posts.at(-1)?.id ?? null) : null };
  }
}
