import type { EventStore, NewEvent, RecordedEvent } from '@platform/event-store/event-store.port';
import type { ReadStore } from '@platform/read-store/read-store.port';
import { PersonalDataVault } from '@platform/privacy/personal-data-vault';
import { relationshipDecider, type RelationshipAction, type RelationshipState } from '@modules/relationships/domain/relationship.decider';
import { relationshipStream } from '@modules/relationships/domain/relationship.events';
import { applyBatch } from '../runner/apply-batch';
import { ensureBookkeeping, ensureGeneration } from '../runner/collections';
import { physicalName } from '../runner/projector';
import { storeFactories } from '../runner/testing/stores';
import { edgeId, RELATIONSHIPS, type EdgeDoc } from '../relationships/relationship-edges';
import { PROFILES, type ProfileDoc } from './profile-doc';
import { profilesProjector } from './profiles.projector';

const A = '0190d7c4-0000-7000-8000-00000000000a';
const B = '0190d7c4-0000-7000-8000-00000000000b';
const C = '0190d7c4-0000-7000-8000-00000000000c';
const D = '0190d7c4-0000-7000-8000-00000000000d';
const at = '2026-01-01T00:00:00.000Z';

describe.each(storeFactories())('profiles projector (%s)', (_engine, makeStores) => {
  let eventStore: EventStore;
  let readStore: ReadStore;
  let vault: PersonalDataVault;
  let dispose: () => Promise<void>;
  const pairs = new Map<string, RelationshipState>();

  beforeEach(async () => {
    ({ eventStore, readStore, dispose } = await makeStores());
    vault = new PersonalDataVault(readStore);
    await vault.init();
    await ensureBookkeeping(readStore);
    pairs.clear();
  });
  afterEach(() => dispose());

  const append = (streamId: string, events: NewEvent[]) => eventStore.appendToStream(streamId, events, 'any');
  const register = async (userId: string, username: string) => {
    await vault.createKey(userId);
    const sealed = await vault.seal(userId, { email: `${username}@example.test`, displayName: `Name ${username}`, name: username, passwordHash: 'x' });
    await append(`user-${userId}`, [{ type: 'UserRegistered', data: { userId, username, role: 'member', sealed, registeredAt: at } }]);
  };
  /** Decides like the command handler does, keeping each pair's state between calls. */
  const act = async (type: RelationshipAction, actorId: string, targetId: string) => {
    const stream = relationshipStream(actorId, targetId);
    let state = pairs.get(stream) ?? relationshipDecider.initialState();
    const events = relationshipDecider.decide(state, { type, actorId, targetId, now: at });
    for (const e of events) state = relationshipDecider.evolve(state, e);
    pairs.set(stream, state);
    if (events.length) await append(stream, events);
  };
  const deleteAccount = (userId: string) => append(`user-${userId}`, [{ type: 'AccountDeleted', data: { deletedAt: at } }]);

  /** Replays the whole log into a fresh generation in batches of `size`; answers both collections. */
  async function project(generation: number, size: number) {
    const projector = profilesProjector(vault);
    await ensureGeneration(readStore, projector, generation);
    const log: RecordedEvent[] = await eventStore.readAll();
    for (let i = 0; i < log.length; i += size) await applyBatch(readStore, projector, generation, log.slice(i, i + size));
    const profiles = (await readStore.collection<ProfileDoc>(physicalName(PROFILES, generation)).find({ limit: 1000 })).items;
    const edges = (await readStore.collection<EdgeDoc>(physicalName(RELATIONSHIPS, generation)).find({ limit: 1000 })).items;
    return { profiles: new Map(profiles.map((p) => [p.id, p])), edges: edges.map((e) => e.id).sort() };
  }

  it('counts follows, drops them on block, and gives the same read model however the log is batched', async () => {
    await register(A, 'Amina');
    await register(B, 'bilal');
    await register(C, 'chadia');
    await act('Follow', A, B);
    await act('Follow', B, A);
    await act('Follow', C, B);
    await act('Follow', C, B);
    await act('Mute', C, A);
    await act('Block', A, B);

    const oneByOne = await project(1, 1);
    const allAtOnce = await project(2, 1000);
    expect(allAtOnce).toEqual(oneByOne);

    const { profiles, edges } = oneByOne;
    expect(profiles.get(A)).toMatchObject({ username: 'Amina', usernameLower: 'amina', displayName: 'Name Amina', followers: 0, following: 0 });
    expect(profiles.get(B)).toMatchObject({ followers: 1, following: 0 });
    expect(profiles.get(C)).toMatchObject({ followers: 0, following: 1 });
    expect(edges).toEqual([edgeId('block', A, B), edgeId('follow', C, B), edgeId('mute', C, A)].sort());
  });

  it('removes a deleted member, every edge from or to them, and the counts they fed', async () => {
    for (const [id, name] of [[A, 'a'], [B, 'b'], [C, 'c'], [D, 'd']]) await register(id, name);
    await act('Follow', A, B);
    await act('Follow', C, A);
    await act('Follow', C, B);
    await act('Block', D, A);
    await act('Mute', A, D);
    await deleteAccount(A);
    const { profiles, edges } = await project(1, 3);
    expect(profiles.has(A)).toBe(false);
    expect(profiles.get(B)).toMatchObject({ followers: 1, following: 0 });
    expect(profiles.get(C)).toMatchObject({ followers: 0, following: 1 });
    expect(edges).toEqual([edgeId('follow', C, B)]);
  });

  it('applies sealed profile edits, and shows nothing of a member whose key was shredded', async () => {
    await register(A, 'a');
    await register(B, 'b');
    const sealed = await vault.seal(A, { displayName: 'Amina Y', bio: 'Hello', avatarUrl: '/media/profiles/x.png' });
    await append(`profile-${A}`, [{ type: 'ProfileUpdated', data: { userId: A, fields: ['avatarUrl', 'bio', 'displayName'], sealed, updatedAt: at } }]);
    await act('Follow', B, A);
    await deleteAccount(A);
    await vault.shred(A);
    // A replay after the shredding (a rebuild) never sees A at all, nor an edge to them.
    const { profiles, edges } = await project(1, 1000);
    expect([...profiles.keys()]).toEqual([B]);
    expect(profiles.get(B)).toMatchObject({ following: 0 });
    expect(edges).toEqual([]);
  });

  it('shows a profile edit while the member exists', async () => {
    await register(A, 'a');
    const sealed = await vault.seal(A, { displayName: 'Amina Y', bio: 'Hello', website: null });
    await append(`profile-${A}`, [{ type: 'ProfileUpdated', data: { userId: A, fields: ['bio', 'displayName', 'website'], sealed, updatedAt: at } }]);
    const { profiles } = await project(1, 1);
    expect(profiles.get(A)).toMatchObject({ displayName: 'Amina Y', bio: 'Hello', website: null, username: 'a' });
  });

  it('ignores a follow that raced the deletion of either member', async () => {
    await register(A, 'a');
    await register(B, 'b');
    await deleteAccount(B);
    await act('Follow', A, B);
    await act('Mute', A, B);
    const { profiles, edges } = await project(1, 1000);
    expect(profiles.get(A)).toMatchObject({ following: 0 });
    expect(edges).toEqual([]);
  });
});
