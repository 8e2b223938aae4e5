import { Injectable, OnModuleInit } from '@nestjs/common';
import { z } from 'zod';
import { DomainError } from '../../../src/platform/decider/decider';
import { SocketEvents } from '../../realtime';
import { FEED_ROOM, postRoom } from '../../../projections/social/post-pushes';

/** Enough for a long scrolled feed; a client that goes past it should unwatch what scrolled away. */
export const MAX_WATCHED_POSTS = 500;
const WATCH_RATE = { limit: 60, windowMs: 60_000 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const postIds = z.object({
  postIds: z
    .array(z.string().regex(UUID, 'postIds must be post ids'), { required_error: 'postIds is required', invalid_type_error: 'postIds must be a list' })
    .max(100, 'At most 100 posts at a time'),
});

/**
 * What a screen shows decides what it hears: `watch_posts` / `unwatch_posts` for the posts on
 * screen (post_updated with their counts), `watch_feed` / `unwatch_feed` for the home feed's
 * New posts banner (feed_new_posts).
 */
@Injectable()
export class WatchSocketHandlers implements OnModuleInit {
  constructor(private readonly events: SocketEvents) {}

  onModuleInit() {
    this.events.on('watch_posts', {
      schema: postIds,
      rate: WATCH_RATE,
      handle: async (ctx, data) => {
        // Two rooms are the socket's own id and its member's room.
        if (ctx.roomCount() - 2 + data.postIds.length > MAX_WATCHED_POSTS) {
          throw new DomainError('TOO_MANY_WATCHED', `A connection can watch at most ${MAX_WATCHED_POSTS} posts; unwatch some first`, 422);
        }
        ctx.join(data.postIds.map((id) => postRoom(id.toLowerCase())));
        return { watching: data.postIds.length };
      },
    });
    this.events.on('unwatch_posts', {
      schema: postIds,
      rate: WATCH_RATE,
      handle: async (ctx, data) => {
        ctx.leave(data.postIds.map((id) => postRoom(id.toLowerCase())));
      },
    });
    this.events.on('watch_feed', { schema: z.unknown(), rate: WATCH_RATE, handle: async (ctx) => ctx.join([FEED_ROOM]) });
    this.events.on('unwatch_feed', { schema: z.unknown(), rate: WATCH_RATE, handle: async (ctx) => ctx.leave([FEED_ROOM]) });
  }
}
