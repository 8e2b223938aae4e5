import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { enforceRateLimit } from '@platform/http';
import { userRoom } from '@platform/push';
import { z } from 'zod';

import { DomainError } from '../../../src/platform/decider/decider';
import type { Logger } from '../../../src/platform/logging';
import type { RateLimiter } from '../../../src/platform/rate-limit/rate-limiter.port';
import { LOGGER, RATE_LIMITER } from '../../../src/platform/tokens';
import { PRESENCE, type Presence, type SocketContext, SocketEvents } from '../../realtime';
import { RelationshipsQuery } from '../../relationships';
import { BLOCKED } from '../domain/conversation.decider';
import { sendMessageSchema } from '../http/schemas';
import { memberSendKey, READ_RATE, SEND_MESSAGE_RATE, SOCKET_SEND_RATE, SYNC_RATE, TYPING_RATE } from '../limits';
import { MessagingService } from '../messaging.service';
import { ConversationsQueries } from '../queries/conversations.queries';

const conversationId = z.string({
  required_error: 'conversationId is required',
  invalid_type_error: 'conversationId is required',
});
const ownUserId = z.string().optional();

const meta = (ctx: SocketContext) => ({ actor: ctx.userId, requestId: ctx.requestId });

function assertSelf(ctx: SocketContext, userId: string | undefined) {
  if (userId !== undefined && userId !== ctx.userId)
    throw new DomainError('FORBIDDEN', 'You can only act as yourself', 403);
}

/** The client events of spec part 2 §7 (join, send_message, typing, mark_messages_read) plus sync. */
@Injectable()
export class MessagingSocketHandlers implements OnModuleInit {
  constructor(
    private readonly events: SocketEvents,
    private readonly messaging: MessagingService,
    private readonly query: ConversationsQueries,
    private readonly relationships: RelationshipsQuery,
    @Inject(PRESENCE) private readonly presence: Presence,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit() {
    // The socket already sits in its member's room; join only confirms it, and only for yourself.
    this.events.on('join', {
      schema: z.union([z.string(), z.object({ userId: z.string() })], {
        errorMap: () => ({ message: 'join needs your user id' }),
      }),
      handle: async (ctx, data) => {
        assertSelf(ctx, typeof data === 'string' ? data : data.userId);
        return { userId: ctx.userId };
      },
    });

    // Per socket, and per member with POST /api/messages: more sockets buy no more messages.
    this.events.on('send_message', {
      schema: sendMessageSchema,
      rate: SOCKET_SEND_RATE,
      handle: async (ctx, data) => {
        await enforceRateLimit(this.limiter, memberSendKey(ctx.userId), SEND_MESSAGE_RATE);
        const sent = await this.messaging.send(ctx.userId, data, meta(ctx));
        return { message: await this.query.sentMessageView(ctx.userId, sent) };
      },
    });

    // Typing changes no state: it goes straight to the other member, never through the log.
    this.events.on('typing', {
      schema: z.object({
        conversationId,
        userId: ownUserId,
        isTyping: z.boolean({
          required_error: 'isTyping must be true or false',
          invalid_type_error: 'isTyping must be true or false',
        }),
      }),
      rate: TYPING_RATE,
      handle: async (ctx, data) => {
        assertSelf(ctx, data.userId);
        const c = await this.query.authorize(ctx.userId, data.conversationId);
        const others = c.participants.filter((p) => p !== ctx.userId);
        const [other] = others;
        if (other !== undefined && (await this.relationships.blockedEitherWay(ctx.userId, other))) throw BLOCKED();
        ctx.emit(others.map(userRoom), 'user_typing', {
          conversationId: c.id,
          userId: ctx.userId,
          isTyping: data.isTyping,
        });
      },
    });

    this.events.on('mark_messages_read', {
      schema: z.object({ conversationId, userId: ownUserId }),
      rate: READ_RATE,
      handle: async (ctx, data) => {
        assertSelf(ctx, data.userId);
        return { readUpTo: await this.messaging.markRead(ctx.userId, data.conversationId, meta(ctx)) };
      },
    });

    // The chat view tells which conversation it shows: a message arriving there needs no notification.
    this.events.on('view_conversation', {
      schema: z.object({
        conversationId: z.string({ invalid_type_error: 'conversationId must be an id or null' }).nullable(),
      }),
      rate: TYPING_RATE,
      handle: async (ctx, data) => {
        if (data.conversationId) await this.query.authorize(ctx.userId, data.conversationId);
        await this.presence.setViewing(ctx.userId, ctx.socketId, data.conversationId);
        return { conversationId: data.conversationId };
      },
    });

    // After a reconnect: everything sent or received since the cursor of the last push seen.
    this.events.on('sync', {
      schema: z.object({
        after: z.string({ required_error: 'after is required', invalid_type_error: 'after is required' }),
      }),
      rate: SYNC_RATE,
      handle: async (ctx, data) => this.query.messagesSince(ctx.userId, data.after),
    });

    this.events.onPresence((ctx, change) => this.presenceChanged(ctx, change));
  }

  private async presenceChanged(ctx: SocketContext, change: 'online' | 'offline') {
    const [conversations, blocked] = await Promise.all([
      this.query.recentOf(ctx.userId),
      this.relationships.blockedWith(ctx.userId),
    ]);
    const status = (await this.presence.status([ctx.userId])).get(ctx.userId);
    // A block hides presence both ways.
    const partnerOf = (c: (typeof conversations)[number]) => c.participants.find((p) => p !== ctx.userId) ?? '';
    const shown = conversations.filter((c) => partnerOf(c) && !blocked.has(partnerOf(c)));
    const partners = shown.map(partnerOf);
    if (partners.length) {
      ctx.emit(partners.map(userRoom), 'user_online', {
        userId: ctx.userId,
        isOnline: change === 'online',
        lastSeen: status?.lastSeen ?? null,
      });
    }
    if (change !== 'online') return;
    // What arrived while they were away is delivered now that a socket is open; across a block a
    // delivery receipt would tell when they came online, so those wait until the block is lifted.
    for (const c of shown) {
      const side = c.members[ctx.userId];
      if (!side || (!side.undelivered.length && !side.undeliveredOverflow)) continue;
      const upTo = side.undelivered.at(-1)?.id ?? (await this.query.lastReceived(c.id, ctx.userId));
      if (upTo)
        await this.messaging
          .markDelivered(ctx.userId, c.id, upTo, meta(ctx))
          .catch((err) => this.logger.warn({ err }, 'could not mark delivered'));
    }
  }
}
