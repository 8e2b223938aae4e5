import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { ReadModels } from '@platform/read-models';
import { type EdgeDoc, hideRoomsOf, RELATIONSHIPS } from '@projections/relationships';
import { FEED_ROOM, openedBy, type PostDoc, postRoom, POSTS } from '@projections/social';
import { z } from 'zod';

import { DomainError } from '../../../src/platform/decider/decider';
import { READ_MODELS } from '../../../src/platform/tokens';
import { type SocketContext, SocketEvents } from '../../realtime';
import { CommunityGate } from '../community-gate';

/** Enough for a long scrolled feed; a client that goes past it should unwatch what scrolled away. */
export const MAX_WATCHED_POSTS = 500;
const WATCH_RATE = { limit: 60, windowMs: 60_000 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const postIds = z.object({
  postIds: z
    .array(z.string().regex(UUID, 'postIds must be post ids'), {
      required_error: 'postIds is required',
      invalid_type_error: 'postIds must be a list',
    })
    .max(100, 'At most 100 posts at a time'),
});

/**
 * What a screen shows decides what it hears: `watch_posts` / `unwatch_posts` for the posts on
 * screen (post_updated with their counts), `watch_feed` / `unwatch_feed` for the home feed's
 * New posts banner (feed_new_posts), which counts only posts the member's feed shows: the socket
 * also sits in its member's hide rooms (projections/relationships/hide-rooms.ts), left out of the
 * news of the authors the member blocks, is blocked by or mutes.
 */
@Injectable()
export class WatchSocketHandlers implements OnModuleInit {
  constructor(
    private readonly events: SocketEvents,
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    private readonly communities: CommunityGate,
  ) {}

  /**
   * Of these posts, those the member may watch: a post's room carries its counts, votes and edits,
   * so a private community's post (or one gone) is heard only by whoever may read it. An id not (yet)
   * in the read model is let through: nothing is pushed for it, and a post's id is not guessed ahead.
   */
  private async watchable(memberId: string, ids: string[]): Promise<string[]> {
    const docs = await this.readModels.collection<PostDoc>(POSTS).getMany(ids);
    const canRead = this.communities.readableBy(memberId);
    const refused = new Set<string>();
    for (const doc of docs) if (!openedBy(doc, memberId, false) || !(await canRead(doc))) refused.add(doc.id);
    return ids.filter((id) => !refused.has(id));
  }

  private hideRooms(memberId: string): Promise<string[]> {
    return hideRoomsOf(this.readModels.collection<EdgeDoc>(RELATIONSHIPS), memberId);
  }

  onModuleInit() {
    this.events.on('watch_posts', {
      schema: postIds,
      rate: WATCH_RATE,
      handle: async (ctx, data) => {
        const asked = [...new Set(data.postIds.map((id) => id.toLowerCase()))];
        const rooms = (await this.watchable(ctx.userId, asked)).map(postRoom);
        const watching = new Set([...ctx.roomsStartingWith(postRoom('')), ...rooms]);
        if (watching.size > MAX_WATCHED_POSTS) {
          throw new DomainError(
            'TOO_MANY_WATCHED',
            `A connection can watch at most ${MAX_WATCHED_POSTS} posts; unwatch some first`,
            422,
          );
        }
        ctx.join(rooms);
        return { watching: rooms.length };
      },
    });
    this.events.on('unwatch_posts', {
      schema: postIds,
      rate: WATCH_RATE,
      handle: async (ctx, data) => {
        ctx.leave(data.postIds.map((id) => postRoom(id.toLowerCase())));
      },
    });
    this.events.on('watch_feed', { schema: z.unknown(), rate: WATCH_RATE, handle: (ctx) => this.watchFeed(ctx) });
    // The hide rooms stay: block and mute pushes keep them current for every socket of the member.
    this.events.on('unwatch_feed', {
      schema: z.unknown(),
      rate: WATCH_RATE,
      handle: async (ctx) => ctx.leave([FEED_ROOM]),
    });
  }

  /**
   * Joins the member's hide rooms, then the feed room (so no post of a hidden author gets through
   * in between). A block or mute that commits meanwhile moves the member's sockets by a push, which
   * may come before this socket joins what was read before it: the rooms are read once more after
   * joining and the difference is made up, so the socket ends as the edges stand.
   */
  private async watchFeed(ctx: SocketContext): Promise<void> {
    const before = await this.hideRooms(ctx.userId);
    if (before.length) ctx.join(before);
    ctx.join([FEED_ROOM]);
    const now = new Set(await this.hideRooms(ctx.userId));
    const had = new Set(before);
    const joined = [...now].filter((room) => !had.has(room));
    const left = before.filter((room) => !now.has(room));
    if (joined.length) ctx.join(joined);
    if (left.length) ctx.leave(left);
  }
}
