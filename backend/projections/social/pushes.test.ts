import { relationshipStream } from '@modules/relationships/events';
import type { PostCreatedData } from '@modules/social/events';
import type { EventStore, NewEvent } from '@platform/event-store/event-store.port';
import { newId } from '@platform/ids';
import type { Push } from '@platform/push/push';
import { PushOutbox } from '@platform/push/push-outbox';
import type { ReadStore } from '@platform/read-store/read-store.port';

import { hiddenFromRooms } from '../relationships/hide-rooms';
import { applyBatch } from '../runner/apply-batch';
import { ensureGeneration } from '../runner/collections';
import { storeFactories, useFreshStores } from '../runner/testing/stores';
import { socialProjector } from './social.projector';

const A = '0190d7c4-0000-7000-8000-00000000000a';
const B = '0190d7c4-0000-7000-8000-00000000000b';
const M = '0190d7c4-0000-7000-8000-00000000000c';
const at = () => new Date().toISOString();

function created(postId: string, userId: string, limited = false): NewEvent {
  const data: PostCreatedData = {
    postId,
    userId,
    type: 'text',
    content: 'x',
    hashtags: [],
    mentions: [],
    poll: null,
    quotedPostId: null,
    imageCaptions: [],
    limited,
    createdAt: at(),
  };
  return { type: 'PostCreated', data };
}

describe.each(storeFactories())('social projector: feed news and hide rooms (%s)', (_engine, makeStores) => {
  let eventStore: EventStore;
  let readStore: ReadStore;
  useFreshStores(makeStores, (stores) => ({ eventStore, readStore } = stores));

  it("sends one feed_new_posts per author and batch, past the author's hide rooms, and moves sockets in log order", async () => {
    const [p1, p2, p3, p4, p5] = [newId(), newId(), newId(), newId(), newId()];
    const post = (e: NewEvent) =>
      eventStore.appendToStream(`post-${(e.data as { postId: string }).postId}`, [e], 'any');
    await post(created(p1, A));
    await post(created(p2, B));
    await post(created(p3, A));
    await post(created(newId(), B, true)); // limited: no news
    await eventStore.appendToStream(
      relationshipStream(M, A),
      [{ type: 'UserUnmuted', data: { muterId: M, mutedId: A, at: at() } }],
      'any',
    );
    await post(created(p4, A));
    await eventStore.appendToStream(
      relationshipStream(M, B),
      [
        { type: 'UserFollowed', data: { followerId: M, followeeId: B, at: at() } },
        { type: 'UserBlocked', data: { blockerId: B, blockedId: M, at: at() } },
      ],
      'any',
    );
    await post(created(p5, B));

    const pushes: Push[] = [];
    const outbox = new PushOutbox();
    outbox.attach({ publish: (p) => pushes.push(p) });
    const projector = socialProjector(outbox);
    await ensureGeneration(readStore, projector, 1);
    const checkpoint = await applyBatch(readStore, projector, 1, await eventStore.readAll());
    outbox.committed(projector.name, checkpoint!);

    const news = (postIds: string[], author: string) => ({
      id: `feed:${postIds[0]}`,
      rooms: ['feed'],
      except: hiddenFromRooms(author),
      event: 'feed_new_posts',
      payload: { count: postIds.length, postIds, authorIds: postIds.map(() => author) },
    });
    expect(pushes).toEqual([
      // A's two posts before the unmute are one push; the one after it is news of its own.
      news([p1, p3], A),
      news([p2], B),
      expect.objectContaining({ rooms: [`user:${M}`], membership: { leave: [`hides:mute:${A}`] } }),
      news([p4], A),
      // A block moves both sides (a follow moves nothing).
      expect.objectContaining({ rooms: [`user:${B}`], membership: { join: [`hides:block:${M}`] } }),
      expect.objectContaining({ rooms: [`user:${M}`], membership: { join: [`hides:blocked-by:${B}`] } }),
      news([p5], B),
    ]);
    expect(new Set(pushes.map((p) => p.id)).size).toBe(pushes.length);
  });

  it('moves sockets for a block however late the projector applies it, but not while a rebuild replays it', async () => {
    await eventStore.appendToStream(
      relationshipStream(M, A),
      [{ type: 'UserMuted', data: { muterId: M, mutedId: A, at: at() } }],
      'any',
    );
    await eventStore.appendToStream(`post-x`, [created(newId(), A)], 'any');
    // As a projector that fell ten minutes behind sees them.
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    const late = (await eventStore.readAll()).map((e) => ({
      ...e,
      metadata: { ...e.metadata, occurredAt: tenMinutesAgo },
    }));

    const run = async (generation: number, replaying: boolean) => {
      const pushes: Push[] = [];
      const outbox = new PushOutbox();
      outbox.attach({ publish: (p) => pushes.push(p) });
      const projector = socialProjector(outbox);
      await ensureGeneration(readStore, projector, generation);
      outbox.committed(projector.name, (await applyBatch(readStore, projector, generation, late, { replaying }))!);
      return pushes;
    };
    // The mute is state the sockets must follow; the post is stale news.
    expect(await run(1, false)).toEqual([
      expect.objectContaining({ rooms: [`user:${M}`], membership: { join: [`hides:mute:${A}`] } }),
    ]);
    expect(await run(2, true)).toEqual([]);
  });
});
