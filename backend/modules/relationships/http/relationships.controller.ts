import { Controller, Delete, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { RateLimit } from '@platform/http';
import type { FastifyRequest } from 'fastify';

import { CurrentSession, requestMeta, type SignedIn, SignedInGuard } from '../../identity';
import type { RelationshipAction } from '../domain/relationship.decider';
import { RELATIONSHIP_BUDGET } from '../limits';
import { RelationshipsService, type RelationshipView } from '../relationships.service';

/** Follow, block and mute another member; each call is idempotent and answers the pair's new state. */
@Controller('api/users/:id')
@RateLimit(RELATIONSHIP_BUDGET)
@UseGuards(SignedInGuard)
export class RelationshipsController {
  constructor(private readonly relationships: RelationshipsService) {}

  @Post('follow')
  @HttpCode(200)
  follow(@Param('id') id: string, @CurrentSession() s: SignedIn, @Req() r: FastifyRequest) {
    return this.run('Follow', id, s, r);
  }

  @Delete('follow')
  unfollow(@Param('id') id: string, @CurrentSession() s: SignedIn, @Req() r: FastifyRequest) {
    return this.run('Unfollow', id, s, r);
  }

  @Post('block')
  @HttpCode(200)
  block(@Param('id') id: string, @CurrentSession() s: SignedIn, @Req() r: FastifyRequest) {
    return this.run('Block', id, s, r);
  }

  @Delete('block')
  unblock(@Param('id') id: string, @CurrentSession() s: SignedIn, @Req() r: FastifyRequest) {
    return this.run('Unblock', id, s, r);
  }

  @Post('mute')
  @HttpCode(200)
  mute(@Param('id') id: string, @CurrentSession() s: SignedIn, @Req() r: FastifyRequest) {
    return this.run('Mute', id, s, r);
  }

  @Delete('mute')
  unmute(@Param('id') id: string, @CurrentSession() s: SignedIn, @Req() r: FastifyRequest) {
    return this.run('Unmute', id, s, r);
  }

  private async run(action: RelationshipAction, targetId: string, { user }: SignedIn, request: FastifyRequest) {
    const relationship: RelationshipView = await this.relationships.act(
      action,
      user.id,
      targetId,
      requestMeta(request, user.id),
    );
    return {
      success: true,
      userId: targetId,
      myFollowState: relationship.isFollowing ? 'following' : 'not_following',
      relationship,
    };
  }
}
