import { Controller, Get, Header, Param, Query, Req } from '@nestjs/common';
import { parseBody } from '@platform/http';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { IdentityService, resolveSession } from '../../identity';
import { type FollowList, FollowListsQueries } from '../queries/follow-lists.queries';
import { ProfileViewsQueries } from '../queries/profile-views.queries';

const listQuery = z.object({
  limit: z.coerce
    .number({ invalid_type_error: 'limit must be a number from 1 to 50' })
    .int('limit must be a number from 1 to 50')
    .min(1, 'limit must be a number from 1 to 50')
    .max(50, 'limit must be a number from 1 to 50')
    .default(20),
  cursor: z.string().max(500, 'Invalid cursor').optional(),
});

/**
 * Profiles as anyone sees them (signed in or not). The posts module owns
 * /api/profile/:username/:tab (posts, media, likes, replies); followers and following are static
 * segments, which the router matches before a parameter, so the two never collide.
 */
@Controller('api/profile')
export class ProfileController {
  constructor(
    private readonly identity: IdentityService,
    private readonly views: ProfileViewsQueries,
    private readonly lists: FollowListsQueries,
  ) {}

  @Get(':username')
  @Header('Cache-Control', 'no-store')
  async profile(@Param('username') username: string, @Req() request: FastifyRequest) {
    const viewer = await resolveSession(this.identity, request);
    return this.views.view(username, viewer?.user.id ?? null);
  }

  @Get(':username/followers')
  @Header('Cache-Control', 'no-store')
  followers(@Param('username') username: string, @Query() query: unknown, @Req() request: FastifyRequest) {
    return this.list('followers', username, query, request);
  }

  @Get(':username/following')
  @Header('Cache-Control', 'no-store')
  following(@Param('username') username: string, @Query() query: unknown, @Req() request: FastifyRequest) {
    return this.list('following', username, query, request);
  }

  private async list(list: FollowList, username: string, query: unknown, request: FastifyRequest) {
    const { limit, cursor } = parseBody(listQuery, query ?? {});
    const viewer = await resolveSession(this.identity, request);
    return this.lists.list(username, list, viewer?.user.id ?? null, limit, cursor ?? null);
  }
}
