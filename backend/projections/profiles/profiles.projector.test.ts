import {
  type RelationshipAction,
  relationshipDecider,
  type RelationshipState,
} from '@modules/relationships/domain/relationship.decider';
import { relationshipStream } from '@modules/relationships/events';
import type { NewEvent } from '@platform/event-store/event-store.port';
import type { PersonalDataVault } from '@platform/privacy/personal-data-vault';

import { type CircleDoc, circleOf, CIRCLES, type EdgeDoc, edgeId, RELATIONSHIPS } from '../relationships';
import {
  type GivenEvent,
  inStream,
  projectionSpec,
  projectorDeps,
  type SpecRead,
} from '../runner/testing/projection-spec';
import { cityKeyOf, type ProfileDoc, PROFILES } from './docs';
import { profilesProjector } from './profiles.projector';

const A = '0190d7c4-0000-7000-8000-00000000000a';
const B = '0190d7c4-0000-7000-8000-00000000000b';
const C = '0190d7c4-0000-7000-8000-00000000000c';
const D = '0190d7c4-0000-7000-8000-00000000000d';
const at = '2026-01-01T00:00:00.000Z';

type Vault = { deps: { vault: PersonalDataVault } };
const spec = () => projectionSpec(({ vault }: { vault: PersonalDataVault }) => profilesProjector(vault), projectorDeps);

const register =
  (userId: string, username: string) =>
  async ({ deps: { vault } }: Vault) => {
    await vault.createKey(userId);
    const sealed = await vault.seal(userId, {
      email: `${username}@example.test`,
      displayName: `Name ${username}`,
      name: username,
      passwordHash: 'x',
    });
    return inStream(`user-${userId}`, {
      type: 'UserRegistered',
      data: { userId, username, role: 'member', sealed, registeredAt: at },
    });
  };
const deleteAccount = (userId: string) =>
  inStream(`user-${userId}`, { type: 'AccountDeleted', data: { deletedAt: at } });
const editProfile =
  (userId: string, fields: string[], changes: Record<string, unknown>) =>
  async ({ deps: { vault } }: Vault) => {
    const sealed = await vault.seal(userId, changes);
    return inStream(`profile-${userId}`, { type: 'ProfileUpdated', data: { userId, fields, sealed, updatedAt: at } });
  };

/** Decides like the command handler does, keeping each pair's state between calls (of one history). */
function relationships() {
  const pairs = new Map<string, RelationshipState>();
  return (type: RelationshipAction, actorId: string, targetId: string): GivenEvent[] => {
    const stream = relationshipStream(actorId, targetId);
    let state = pairs.get(stream) ?? relationshipDecider.initialState();
    const events = relationshipDecider.decide(state, { type, actorId, targetId, now: at });
    for (const e of events) state = relationshipDecider.evolve(state, e);
    pairs.set(stream, state);
    return inStream(stream, ...(events as NewEvent[]));
  };
}

/** The collections of a generation: profiles by id, the sorted edge ids, and the circles of A to D. */
async function readModels(collection: SpecRead<unknown>['collection']) {
  const profiles = (await collection<ProfileDoc>(PROFILES).find({ limit: 1000 })).items;
  const edges = (await collection<EdgeDoc>(RELATIONSHIPS).find({ limit: 1000 })).items;
  const circles = collection<CircleDoc>(CIRCLES);
  const kept = (await circles.find({ limit: 1000 })).items.map((c) => c.id).sort();
  return {
    profiles: new Map(profiles.map((p) => [p.id, p])),
    edges: edges.map((e) => e.id).sort(),
    circles: {
      kept,
      A: await circleOf(circles, A),
      B: await circleOf(circles, B),
      C: await circleOf(circles, C),
      D: await circleOf(circles, D),
    },
  };
}

const none = { following: [], blocking: [], blockedBy: [], muting: [] };
const byFollowers = { field: 'followers', direction: 'desc', type: 'number' } as const;

describe('profiles projector', () => {
  it('counts follows, drops them on block, and gives the same read model however the log is batched', async () => {
    const act = relationships();
    await spec()
      .given(register(A, 'Amina'))
      .given(register(B, 'bilal'))
      .given(register(C, 'chadia'))
      .given([
        ...act('Follow', A, B),
        ...act('Follow', B, A),
        ...act('Follow', C, B),
        ...act('Follow', C, B),
        ...act('Mute', C, A),
        ...act('Block', A, B),
      ])
      .inBatchesOf(1)
      .then(async ({ collection, replay }) => {
        const oneByOne = await readModels(collection);
        const allAtOnce = await readModels(await replay({ batchSize: 1000 }));
        expect(allAtOnce).toEqual(oneByOne);

        const { profiles, edges, circles } = oneByOne;
        expect(circles.A).toEqual({ ...none, blocking: [B] });
        expect(circles.B).toEqual({ ...none, blockedBy: [A] });
        expect(circles.C).toEqual({ ...none, following: [B], muting: [A] });
        expect(profiles.get(A)).toMatchObject({
          username: 'Amina',
          usernameLower: 'amina',
          displayName: 'Name Amina',
          followers: 0,
          following: 0,
        });
        expect(profiles.get(B)).toMatchObject({ followers: 1, following: 0 });
        expect(profiles.get(C)).toMatchObject({ followers: 0, following: 1 });
        expect(edges).toEqual([edgeId('block', A, B), edgeId('follow', C, B), edgeId('mute', C, A)].sort());
      });
  });

  it('removes a deleted member, every edge from or to them, and the counts they fed', async () => {
    const act = relationships();
    await spec()
      .given(register(A, 'a'))
      .given(register(B, 'b'))
      .given(register(C, 'c'))
      .given(register(D, 'd'))
      .given([
        ...act('Follow', A, B),
        ...act('Follow', C, A),
        ...act('Follow', C, B),
        ...act('Block', D, A),
        ...act('Mute', A, D),
        ...deleteAccount(A),
      ])
      .inBatchesOf(3)
      .then(async ({ collection }) => {
        const { profiles, edges, circles } = await readModels(collection);
        expect(circles.kept).toEqual([C, D].sort());
        expect(circles.C).toEqual({ ...none, following: [B] });
        expect(circles.D).toEqual(none);
        expect(profiles.has(A)).toBe(false);
        expect(profiles.get(B)).toMatchObject({ followers: 1, following: 0 });
        expect(profiles.get(C)).toMatchObject({ followers: 0, following: 1 });
        expect(edges).toEqual([edgeId('follow', C, B)]);
      });
  });

  it('applies sealed profile edits, and shows nothing of a member whose key was shredded', async () => {
    const act = relationships();
    await spec()
      .given(register(A, 'a'))
      .given(register(B, 'b'))
      .given(
        editProfile(A, ['avatarUrl', 'bio', 'displayName'], {
          displayName: 'Amina Y',
          bio: 'Hello',
          avatarUrl: '/media/profiles/x.png',
        }),
      )
      .given([...act('Follow', B, A), ...deleteAccount(A)])
      .given(async ({ deps: { vault } }) => {
        await vault.shred(A);
        return [];
      })
      // A replay after the shredding (a rebuild) never sees A at all, nor an edge to them.
      .then(async ({ collection }) => {
        const { profiles, edges } = await readModels(collection);
        expect([...profiles.keys()]).toEqual([B]);
        expect(profiles.get(B)).toMatchObject({ following: 0 });
        expect(edges).toEqual([]);
      });
  });

  it('shows a profile edit while the member exists', async () => {
    await spec()
      .given(register(A, 'a'))
      .given(editProfile(A, ['bio', 'displayName', 'website'], { displayName: 'Amina Y', bio: 'Hello', website: null }))
      .inBatchesOf(1)
      .then<ProfileDoc>(PROFILES, A, { displayName: 'Amina Y', bio: 'Hello', website: null, username: 'a' });
  });

  it('ignores a follow that raced the deletion of either member', async () => {
    const act = relationships();
    await spec()
      .given(register(A, 'a'))
      .given(register(B, 'b'))
      .given([...deleteAccount(B), ...act('Follow', A, B), ...act('Mute', A, B)])
      .then(async ({ collection }) => {
        const { profiles, edges, circles } = await readModels(collection);
        expect(profiles.get(A)).toMatchObject({ following: 0 });
        expect(edges).toEqual([]);
        expect(circles.kept).toEqual([]);
      });
  });

  it('keeps the city of a location folded, and serves the most followed members of everyone and of a city', async () => {
    const act = relationships();
    await spec()
      .given(register(A, 'a'))
      .given(register(B, 'b'))
      .given(register(C, 'c'))
      .given(register(D, 'd'))
      .given(editProfile(A, ['location'], { location: 'Nairobi, Kenya' }))
      .given(editProfile(B, ['location'], { location: ' NAIROBI ' }))
      .given(editProfile(C, ['location'], { location: 'Mombasa' }))
      .given(editProfile(C, ['bio'], { bio: 'Still in Mombasa' }))
      .given([...act('Follow', A, B), ...act('Follow', C, B), ...act('Follow', D, B), ...act('Follow', D, C)])
      .given(editProfile(D, ['location'], { location: 'Mombasa' }))
      .given(editProfile(D, ['location'], { location: null }))
      .inBatchesOf(2)
      .then(async ({ collection }) => {
        const profiles = collection<ProfileDoc>(PROFILES);
        const ids = async (where: Record<string, string>) =>
          (await profiles.find({ where, sort: byFollowers, limit: 10 })).items.map((p) => p.id);
        expect((await profiles.getMany([A, B, C, D])).map((p) => p.cityKey)).toEqual([
          'nairobi',
          'nairobi',
          'mombasa',
          null,
        ]);
        expect(await ids({ cityKey: 'nairobi' })).toEqual([B, A]);
        expect(await ids({ cityKey: 'mombasa' })).toEqual([C]);
        // Two followers, one, then the rest newest first (ids are time-ordered).
        expect(await ids({})).toEqual([B, C, D, A]);
      });
  });

  it('counts the courses each teacher has in the catalogue, and finds the teachers by followers', async () => {
    const act = relationships();
    const course = (teacherId: string, n: number) => `course-${teacherId.slice(-1)}${n}`;
    const published = (teacherId: string, n: number) =>
      inStream(`course-${course(teacherId, n)}`, {
        type: 'CoursePublished',
        data: { courseId: course(teacherId, n), teacherId, publishedAt: at },
      });
    const unpublished = (teacherId: string, n: number) =>
      inStream(`course-${course(teacherId, n)}`, {
        type: 'CourseUnpublished',
        data: { courseId: course(teacherId, n), teacherId, unpublishedAt: at },
      });
    await spec()
      .given(register(A, 'a'))
      .given(register(B, 'b'))
      .given(register(C, 'c'))
      .given(published(A, 1))
      .given(published(A, 2))
      .given(published(B, 1))
      .given(published(C, 1))
      .given(unpublished(C, 1))
      .given(unpublished(A, 2))
      .given(published(A, 2))
      .given(act('Follow', C, B))
      // A course of a member whose account is gone (or never projected) changes nothing.
      .given(published(D, 1))
      .inBatchesOf(3)
      .then(async ({ collection }) => {
        const profiles = collection<ProfileDoc>(PROFILES);
        expect((await profiles.getMany([A, B, C])).map((p) => [p.teaching, p.teacher])).toEqual([
          [2, true],
          [1, true],
          [0, false],
        ]);
        expect(await profiles.get(D)).toBeNull();
        const teachers = await profiles.find({ where: { teacher: true }, sort: byFollowers, limit: 10 });
        expect(teachers.items.map((p) => p.id)).toEqual([B, A]);
      });
  });
});

describe('cityKeyOf', () => {
  it('folds the part before the first comma (Latin or Arabic), and is null for no city', () => {
    expect(cityKeyOf('Nairobi, Kenya')).toBe('nairobi');
    expect(cityKeyOf('مَكَّة، السعودية')).toBe(cityKeyOf('مكة'));
    expect(cityKeyOf('  ')).toBeNull();
    expect(cityKeyOf(', Kenya')).toBeNull();
    expect(cityKeyOf(null)).toBeNull();
  });
});
