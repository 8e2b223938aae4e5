import type { CommunityForm } from '@contract';
import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import { DomainError } from '@platform/decider/decider';
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
import { FeedQueries } from '../../social';
import { CommunitiesService, type CommunityAction } from '../communities.service';
import { COMMUNITY_BUDGET, COMMUNITY_LIMITS as L, COMMUNITY_MESSAGES as M } from '../limits';
import { CommunitiesQueries, type Viewer } from '../queries/communities.queries';
import {
  createCommunitySchema,
  inviteSchema,
  ownerSchema,
  reasonSchema,
  roleSchema,
  settingsSchema,
  updateCommunitySchema,
} from './schemas';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const viewerOf = (s: SignedIn | null): Viewer | null => (s ? { id: s.user.id, staff: isStaff(s.user.role) } : null);
const userIdParam = (id: string) => {
  if (!UUID.test(id)) throw new DomainError('MEMBER_NOT_FOUND', M.notMember, 404);
  return id.toLowerCase();
};
const postIdParam = (id: string) => {
  if (!UUID.test(id)) throw new DomainError('POST_NOT_FOUND', M.postNotInCommunity, 404);
  return id.toLowerCase();
};
function limitOf(limit: unknown): number {
  if (limit === undefined || limit === '') return L.pageSize;
  const n = Number(limit);
  if (!Number.isInteger(n) || n < 1)
    throw new DomainError('VALIDATION_FAILED', 'limit must be a positive whole number', 400);
  return Math.min(n, L.maxPageSize);
}
const textOf = (v: unknown, name: string): string | null => {
  if (v === undefined || v === '') return null;
  if (typeof v !== 'string') throw new DomainError('VALIDATION_FAILED', `${name} must be text`, 400);
  return v;
};
const idCursor = (v: unknown): string | null => {
  const c = textOf(v, 'cursor');
  if (c !== null && !UUID.test(c)) throw new DomainError('INVALID_CURSOR', 'Invalid cursor', 400);
  return c?.toLowerCase() ?? null;
};

/** Communities (issue 41): the routes of backend/modules/communities/README.md. */
@Controller('api/communities')
export class CommunitiesController {
  constructor(
    private readonly communities: CommunitiesService,
    private readonly queries: CommunitiesQueries,
    private readonly identity: IdentityService,
    private readonly feed: FeedQueries,
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
        cursor: idCursor(query.cursor),
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
    return this.run(slug, s, r, { type: 'Update', changes });
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
    return this.run(slug, s, r, { type: 'Leave' });
  }

  @Get(':slug/requests')
  @UseGuards(SignedInGuard)
  async requests(@Param('slug') slug: string, @CurrentSession() s: SignedIn, @Query('cursor') cursor: unknown) {
    const id = await this.moderated(slug, s);
    const page = await this.queries.memberList(id, 'requested', textOf(cursor, 'cursor'), L.maxPageSize);
    return { requests: await this.queries.requestViews(page.docs), nextCursor: page.nextCursor };
  }

  @Post(':slug/requests/:userId/approve')
  @HttpCode(200)
  @RateLimit(COMMUNITY_BUDGET)
  @UseGuards(SignedInGuard)
  approve(
    @Param('slug') slug: string,
    @Param('userId') userId: string,
    @CurrentSession() s: SignedIn,
    @Req() r: FastifyRequest,
  ) {
    return this.run(slug, s, r, { type: 'Approve', userId: userIdParam(userId) });
  }

  @Post(':slug/requests/:userId/decline')
  @HttpCode(200)
  @RateLimit(COMMUNITY_BUDGET)
  @UseGuards(SignedInGuard)
  decline(
    @Param('slug') slug: string,
    @Param('userId') userId: string,
    @CurrentSession() s: SignedIn,
    @Req() r: FastifyRequest,
  ) {
    return this.run(slug, s, r, { type: 'Decline', userId: userIdParam(userId) });
  }

  @Post(':slug/invites')
  @HttpCode(201)
  @RateLimit(COMMUNITY_BUDGET)
  @UseGuards(SignedInGuard)
  async invite(
    @Param('slug') slug: string,
    @CurrentSession() s: SignedIn,
    @ZodBody(inviteSchema) body: z.output<typeof inviteSchema>,
    @Req() r: FastifyRequest,
  ) {
    // Whether the name exists is a moderator's to learn: the authority is checked before the lookup.
    const id = await this.communities.idOf(slug);
    if (!(await this.queries.isModerator(id, viewerOf(s)!)))
      throw new DomainError('NOT_COMMUNITY_MODERATOR', M.notModerator, 403);
    const userId = await this.communities.memberNamed(body.username);
    await this.communities.act(slug, s.user.id, { type: 'Invite', userId }, requestMeta(r, s.user.id));
    return { invited: userId };
  }

  @Get(':slug/members')
  async members(
    @Param('slug') slug: string,
    @Query('cursor') cursor: unknown,
    @Query('limit') limit: unknown,
    @Req() r: FastifyRequest,
  ) {
    const viewer = viewerOf(await resolveSession(this.identity, r));
    const id = await this.readable(slug, viewer);
    const page = await this.queries.memberList(id, 'member', textOf(cursor, 'cursor'), limitOf(limit));
    return { members: await this.queries.memberViews(page.docs), nextCursor: page.nextCursor };
  }

  @Post(':slug/members/:userId/role')
  @HttpCode(200)
  @RateLimit(COMMUNITY_BUDGET)
  @UseGuards(SignedInGuard)
  async role(
    @Param('slug') slug: string,
    @Param('userId') userId: string,
    @CurrentSession() s: SignedIn,
    @ZodBody(roleSchema) body: z.output<typeof roleSchema>,
    @Req() r: FastifyRequest,
  ) {
    const target = userIdParam(userId);
    const state = await this.communities.act(
      slug,
      s.user.id,
      { type: 'SetRole', userId: target, role: body.role },
      requestMeta(r, s.user.id),
    );
    return { member: await this.queries.member(state.id, target) };
  }

  @Post(':slug/owner')
  @HttpCode(200)
  @RateLimit(COMMUNITY_BUDGET)
  @UseGuards(SignedInGuard)
  owner(
    @Param('slug') slug: string,
    @CurrentSession() s: SignedIn,
    @ZodBody(ownerSchema) body: z.output<typeof ownerSchema>,
    @Req() r: FastifyRequest,
  ) {
    return this.run(slug, s, r, { type: 'TransferOwnership', userId: body.userId.toLowerCase() });
  }

  @Post(':slug/members/:userId/mute')
  @HttpCode(200)
  @RateLimit(COMMUNITY_BUDGET)
  @UseGuards(SignedInGuard)
  async mute(
    @Param('slug') slug: string,
    @Param('userId') userId: string,
    @CurrentSession() s: SignedIn,
    @ZodBody(reasonSchema) body: z.output<typeof reasonSchema>,
    @Req() r: FastifyRequest,
  ) {
    const target = userIdParam(userId);
    const state = await this.communities.act(
      slug,
      s.user.id,
      { type: 'Mute', userId: target, reason: body.reason },
      requestMeta(r, s.user.id),
    );
    return { member: await this.queries.member(state.id, target) };
  }

  @Delete(':slug/members/:userId/mute')
  @RateLimit(COMMUNITY_BUDGET)
  @UseGuards(SignedInGuard)
  async unmute(
    @Param('slug') slug: string,
    @Param('userId') userId: string,
    @CurrentSession() s: SignedIn,
    @Req() r: FastifyRequest,
  ) {
    const target = userIdParam(userId);
    const state = await this.communities.act(
      slug,
      s.user.id,
      { type: 'Unmute', userId: target },
      requestMeta(r, s.user.id),
    );
    return { member: await this.queries.member(state.id, target) };
  }

  @Post(':slug/members/:userId/ban')
  @HttpCode(200)
  @RateLimit(COMMUNITY_BUDGET)
  @UseGuards(SignedInGuard)
  async ban(
    @Param('slug') slug: string,
    @Param('userId') userId: string,
    @CurrentSession() s: SignedIn,
    @ZodBody(reasonSchema) body: z.output<typeof reasonSchema>,
    @Req() r: FastifyRequest,
  ) {
    await this.communities.act(
      slug,
      s.user.id,
      { type: 'Ban', userId: userIdParam(userId), reason: body.reason },
      requestMeta(r, s.user.id),
    );
    return { banned: true };
  }

  @Delete(':slug/members/:userId/ban')
  @RateLimit(COMMUNITY_BUDGET)
  @UseGuards(SignedInGuard)
  async unban(
    @Param('slug') slug: string,
    @Param('userId') userId: string,
    @CurrentSession() s: SignedIn,
    @Req() r: FastifyRequest,
  ) {
    await this.communities.act(
      slug,
      s.user.id,
      { type: 'Unban', userId: userIdParam(userId) },
      requestMeta(r, s.user.id),
    );
    return { banned: false };
  }

  @Get(':slug/bans')
  @UseGuards(SignedInGuard)
  async bans(@Param('slug') slug: string, @CurrentSession() s: SignedIn) {
    return { bans: await this.queries.bans(await this.moderated(slug, s)) };
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
    return this.run(slug, s, r, { type: 'Settings', notify: body.notify, feedInHome: body.feedInHome });
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
    const id = await this.readable(slug, viewer);
    const page = { viewerId: viewer?.id ?? null, limit: limitOf(limit), cursor: idCursor(cursor) };
    const doc = await this.queries.doc(id);
    const [pinned, posts] = await Promise.all([
      page.cursor ? Promise.resolve([]) : this.feed.visible(doc.pinned, page.viewerId, ['public', 'members']),
      this.feed.community(id, page),
    ]);
    return { pinned, posts, nextCursor: posts.length === page.limit ? (posts.at(-1)?.id ?? null) : null };
  }

  @Post(':slug/posts/:postId/pin')
  @HttpCode(200)
  @RateLimit(COMMUNITY_BUDGET)
  @UseGuards(SignedInGuard)
  async pin(
    @Param('slug') slug: string,
    @Param('postId') postId: string,
    @CurrentSession() s: SignedIn,
    @Req() r: FastifyRequest,
  ) {
    await this.communities.pin(slug, s.user.id, postIdParam(postId), true, requestMeta(r, s.user.id));
    return { pinned: true };
  }

  @Delete(':slug/posts/:postId/pin')
  @RateLimit(COMMUNITY_BUDGET)
  @UseGuards(SignedInGuard)
  async unpin(
    @Param('slug') slug: string,
    @Param('postId') postId: string,
    @CurrentSession() s: SignedIn,
    @Req() r: FastifyRequest,
  ) {
    await this.communities.pin(slug, s.user.id, postIdParam(postId), false, requestMeta(r, s.user.id));
    return { pinned: false };
  }

  @Post(':slug/posts/:postId/remove')
  @HttpCode(200)
  @RateLimit(COMMUNITY_BUDGET)
  @UseGuards(SignedInGuard)
  async remove(
    @Param('slug') slug: string,
    @Param('postId') postId: string,
    @CurrentSession() s: SignedIn,
    @ZodBody(reasonSchema) body: z.output<typeof reasonSchema>,
    @Req() r: FastifyRequest,
  ) {
    await this.communities.removePost(slug, s.user.id, postIdParam(postId), body.reason, requestMeta(r, s.user.id));
    return { removed: true };
  }

  @Get(':slug/reports')
  @UseGuards(SignedInGuard)
  async reports(@Param('slug') slug: string, @CurrentSession() s: SignedIn) {
    const docs = await this.queries.openReports(await this.moderated(slug, s));
    const posts = await this.feed.visible(
      docs.map((d) => d.id),
      s.user.id,
      ['public', 'members'],
    );
    const byId = new Map(posts.map((p) => [p.id, p]));
    return {
      reports: docs.map((d) => ({
        postId: d.id,
        post: byId.get(d.id) ?? null,
        reasons: d.reasons,
        reportCount: d.count,
        firstReportedAt: d.firstReportedAt,
        lastReportedAt: d.lastReportedAt,
      })),
    };
  }

  @Post(':slug/reports/:postId/dismiss')
  @HttpCode(200)
  @RateLimit(COMMUNITY_BUDGET)
  @UseGuards(SignedInGuard)
  async dismiss(
    @Param('slug') slug: string,
    @Param('postId') postId: string,
    @CurrentSession() s: SignedIn,
    @Req() r: FastifyRequest,
  ) {
    await this.communities.act(
      slug,
      s.user.id,
      { type: 'DismissReports', postId: postIdParam(postId) },
      requestMeta(r, s.user.id),
    );
    return { dismissed: true };
  }

  /** A command on the community, answered with the community as the actor now sees it. */
  private async run(slug: string, s: SignedIn, r: FastifyRequest, action: CommunityAction) {
    const state = await this.communities.act(slug, s.user.id, action, requestMeta(r, s.user.id));
    return { community: await this.queries.view(state.id, viewerOf(s)) };
  }

  /** The community's id, for its moderators (and the app's staff) only. */
  private async moderated(slug: string, s: SignedIn): Promise<string> {
    const id = await this.communities.idOf(slug);
    const viewer = viewerOf(s)!;
    if (!viewer.staff && !(await this.queries.isModerator(id, viewer)))
      throw new DomainError('NOT_COMMUNITY_MODERATOR', M.notModerator, 403);
    return id;
  }

  /** The community's id, for whoever may read it (a private one: its members and the app's staff). */
  private async readable(slug: string, viewer: Viewer | null): Promise<string> {
    const id = await this.communities.idOf(slug);
    if (!(await this.queries.canRead(await this.queries.doc(id), viewer)))
      throw new DomainError('COMMUNITY_PRIVATE', M.privateCommunity, 403);
    return id;
  }
}
