import { Controller, Delete, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { DomainError } from '@platform/decider/decider';
import { RateLimit, ZodBody } from '@platform/http';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

import { CurrentSession, requestMeta, type SignedIn, SignedInGuard } from '../../identity';
import { FeedQueries } from '../../social';
import { CommunitiesService } from '../communities.service';
import { COMMUNITY_BUDGET, COMMUNITY_LIMITS as L, COMMUNITY_MESSAGES as M } from '../limits';
import { CommunitiesQueries } from '../queries/communities.queries';
import { CommunityAccess } from './community-access';
import { postIdParam, textOf, userIdParam, viewerOf } from './params';
import { inviteSchema, ownerSchema, reasonSchema, roleSchema } from './schemas';

/** A community's moderators at work: requests and invitations, roles, mutes and bans, pins, removals and reports. */
@Controller('api/communities')
export class CommunityModerationController {
  constructor(
    private readonly communities: CommunitiesService,
    private readonly queries: CommunitiesQueries,
    private readonly feed: FeedQueries,
    private readonly access: CommunityAccess,
  ) {}

  @Get(':slug/requests')
  @UseGuards(SignedInGuard)
  async requests(@Param('slug') slug: string, @CurrentSession() s: SignedIn, @Query('cursor') cursor: unknown) {
    const id = await this.access.moderated(slug, s);
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
    return this.access.run(slug, s, r, { type: 'Approve', userId: userIdParam(userId) });
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
    return this.access.run(slug, s, r, { type: 'Decline', userId: userIdParam(userId) });
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
    return this.access.run(slug, s, r, { type: 'TransferOwnership', userId: body.userId.toLowerCase() });
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
    return { bans: await this.queries.bans(await this.access.moderated(slug, s)) };
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
    const docs = await this.queries.openReports(await this.access.moderated(slug, s));
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
    await this.communities.dismissReports(slug, s.user.id, postIdParam(postId), requestMeta(r, s.user.id));
    return { dismissed: true };
  }
}
