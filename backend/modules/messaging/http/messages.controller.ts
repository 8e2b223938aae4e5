import { Controller, Get, HttpCode, Inject, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { enforceRateLimit, RateLimit, ZodBody } from '@platform/http';
import type { FastifyRequest } from 'fastify';

import type { RateLimiter } from '../../../src/platform/rate-limit/rate-limiter.port';
import { RATE_LIMITER } from '../../../src/platform/tokens';
import { CurrentSession, requestMeta, type SignedIn, SignedInGuard } from '../../identity';
import { MEMBER_SEARCH_BUDGET, memberSendKey, SEND_MESSAGE_RATE } from '../limits';
import { MessagingService } from '../messaging.service';
import { ConversationsQueries } from '../queries/conversations.queries';
import { readMessageBody } from './message-form';
import { starredSchema } from './schemas';

/** Sending and starring messages, and the New Message dialog's member search. */
@Controller('api')
@UseGuards(SignedInGuard)
export class MessagesController {
  constructor(
    private readonly messaging: MessagingService,
    private readonly query: ConversationsQueries,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
  ) {}

  @Post('messages')
  async send(@CurrentSession() { user }: SignedIn, @Req() r: FastifyRequest) {
    await enforceRateLimit(this.limiter, memberSendKey(user.id), SEND_MESSAGE_RATE);
    const body = await readMessageBody(r);
    const sent = await this.messaging.send(user.id, body, requestMeta(r, user.id));
    return this.query.sentMessageView(user.id, sent);
  }

  @Post('messages/:id/star')
  @HttpCode(200)
  async star(
    @Param('id') id: string,
    @ZodBody(starredSchema) body: { starred: boolean },
    @CurrentSession() { user }: SignedIn,
    @Req() r: FastifyRequest,
  ) {
    await this.messaging.star(user.id, id, body.starred, requestMeta(r, user.id));
    return this.query.messageView(user.id, id);
  }

  @RateLimit(MEMBER_SEARCH_BUDGET)
  @Get('users/search')
  async search(@CurrentSession() { user }: SignedIn, @Query('q') q = '') {
    return { users: await this.query.searchMembers(user.id, q) };
  }
}
