import { Controller, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ZodBody } from '@platform/http';
import type { FastifyRequest } from 'fastify';

import { CurrentSession, requestMeta, type SignedIn, SignedInGuard } from '../../identity';
import { MessagingService } from '../messaging.service';
import { ConversationsQueries } from '../queries/conversations.queries';
import { archivedSchema, mutedSchema, startConversationSchema } from './schemas';

const limitOf = (raw: string | undefined) => (raw === undefined || !/^\d+$/.test(raw) ? undefined : Number(raw));

/** Spec part 2 §7 Messaging: the conversation calls, for the two participants only. */
@Controller('api/conversations')
@UseGuards(SignedInGuard)
export class ConversationsController {
  constructor(
    private readonly messaging: MessagingService,
    private readonly query: ConversationsQueries,
  ) {}

  @Get()
  list(@CurrentSession() { user }: SignedIn, @Query('cursor') cursor?: string) {
    return this.query.list(user.id, cursor || null);
  }

  @Post()
  async start(
    @ZodBody(startConversationSchema) body: { userId: string },
    @CurrentSession() { user }: SignedIn,
    @Req() r: FastifyRequest,
  ) {
    const id = await this.messaging.start(user.id, body.userId, requestMeta(r, user.id));
    return this.query.one(user.id, id);
  }

  @Get(':id')
  one(@Param('id') id: string, @CurrentSession() { user }: SignedIn) {
    return this.query.one(user.id, id);
  }

  @Get(':id/messages')
  messages(
    @Param('id') id: string,
    @CurrentSession() { user }: SignedIn,
    @Query('before') before?: string,
    @Query('after') after?: string,
    @Query('limit') limit?: string,
  ) {
    return this.query.messagePage(user.id, id, { before, after, limit: limitOf(limit) });
  }

  @Post(':id/mark-read')
  @HttpCode(200)
  async markRead(@Param('id') id: string, @CurrentSession() { user }: SignedIn, @Req() r: FastifyRequest) {
    const upTo = await this.messaging.markRead(user.id, id, requestMeta(r, user.id));
    return { success: true, conversationId: id, readUpTo: upTo };
  }

  @Post(':id/mute')
  @HttpCode(200)
  async mute(
    @Param('id') id: string,
    @ZodBody(mutedSchema) body: { muted: boolean },
    @CurrentSession() { user }: SignedIn,
    @Req() r: FastifyRequest,
  ) {
    await this.messaging.setMuted(user.id, id, body.muted, requestMeta(r, user.id));
    return this.query.one(user.id, id);
  }

  @Post(':id/archive')
  @HttpCode(200)
  async archive(
    @Param('id') id: string,
    @ZodBody(archivedSchema) body: { archived: boolean },
    @CurrentSession() { user }: SignedIn,
    @Req() r: FastifyRequest,
  ) {
    await this.messaging.setArchived(user.id, id, body.archived, requestMeta(r, user.id));
    return this.query.one(user.id, id);
  }
}
