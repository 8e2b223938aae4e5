import { handleCommand } from '@platform/decider/handle-command';
import { loadStream } from '@platform/decider/load-stream';
import { MemoryEventStore } from '@platform/event-store/memory.event-store';
import { silentLogger } from '@platform/logging';
import type { ProjectionProgress, ReadModels } from '@platform/read-models';
import { MemoryReadStore } from '@platform/read-store/memory.read-store';
import { COMMUNITY_POSTS } from '@projections/communities';

import { postDecider, postStream } from '../social';
import { textPostCreated } from '../social/testing/post-events';
import { CommunityClosure } from './community-closure.reactor';
import { communityDecider } from './domain/community.decider';
import { communityStream } from './events';

const C = 'cccccccc-0000-7000-8000-000000000001';
const NOW = '2026-11-30T10:00:00.000Z';
const profile = {
  name: 'Youth circle',
  description: '',
  rules: [],
  category: 'youth' as const,
  city: 'Kisumu',
  avatarMediaId: null,
  bannerMediaId: null,
};

describe('community closure', () => {
  const setUp = async () => {
    const store = new MemoryEventStore();
    const readStore = new MemoryReadStore();
    await readStore.ensureCollection({ name: COMMUNITY_POSTS });
    const readModels = { collection: (name: string) => readStore.collection(name) } as unknown as ReadModels;
    let projectorPassed = true;
    const progress: ProjectionProgress = { affectedBy: () => [], waitFor: async () => projectorPassed };
    const closure = new CommunityClosure(store, readModels, progress, silentLogger);
    const community = (command: Parameters<typeof communityDecider.decide>[1]) =>
      handleCommand(store, communityStream(C), communityDecider, command, { actor: null });
    const post = (postId: string) =>
      handleCommand(
        store,
        postStream(postId),
        postDecider,
        {
          type: 'CreatePost',
          post: textPostCreated({ postId, userId: 'amina', community: { id: C, private: false }, createdAt: NOW }),
        },
        { actor: 'amina' },
      );
    const listed = (postId: string, live: boolean) =>
      readStore.collection(COMMUNITY_POSTS).upsert({ id: postId, communityId: C, authorId: 'amina', live });
    /** Every event of the log through the reactor, in order: what LogReactor does. */
    const run = async () => {
      for (const e of await store.readAll())
        if ((closure.handles as readonly string[]).includes(e.type) && closure.concerns(e)) await closure.handle(e);
    };
    const deleted = async (postId: string) => (await loadStream(store, postStream(postId), postDecider)).state.deleted;
    await community({
      type: 'Create',
      communityId: C,
      slug: 'youth',
      privacy: 'public',
      profile,
      actorId: 'owner',
      now: NOW,
    });
    return { store, closure, community, post, listed, run, deleted, lag: () => (projectorPassed = false) };
  };

  it('deletes the posts the read model lists and one posted in it after its deletion, by its deleter, once', async () => {
    const t = await setUp();
    await t.post('p1');
    await t.post('p2');
    await t.listed('p1', true);
    // Hidden by its moderators earlier: still the community's, deleted with it.
    await t.listed('p2', false);
    await t.community({ type: 'Delete', staff: false, reason: null, actorId: 'owner', now: NOW });
    await t.post('p3');
    await t.run();
    for (const id of ['p1', 'p2', 'p3']) expect(await t.deleted(id)).toBe(true);
    const deletions = (await t.store.readAll()).filter((e) => e.type === 'PostDeleted');
    expect(deletions.map((e) => (e.data as { deletedBy: string }).deletedBy)).toEqual(['owner', 'owner', 'owner']);
    // At least once: the log read again decides nothing more.
    await t.run();
    expect((await t.store.readAll()).filter((e) => e.type === 'PostDeleted')).toHaveLength(3);
  });

  it('has business with posts made in a community and deletions, not with other posts', async () => {
    const t = await setUp();
    await t.post('p1');
    const [created] = (await t.store.readAll()).filter((e) => e.type === 'PostCreated');
    const outside = { ...created!, data: { ...(created!.data as object), community: null } };
    expect([t.closure.concerns(created!), t.closure.concerns(outside)]).toEqual([true, false]);
  });

  it('leaves a live community alone, and fails (to be retried) while its posts are not listed yet', async () => {
    const t = await setUp();
    await t.post('p1');
    await t.run();
    expect(await t.deleted('p1')).toBe(false);
    await t.community({ type: 'Delete', staff: false, reason: null, actorId: 'owner', now: NOW });
    t.lag();
    await expect(t.run()).rejects.toThrow('its posts are not listed yet');
  });
});
