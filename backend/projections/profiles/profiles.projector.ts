import type { PersonalData, UserEvent } from '@modules/identity/events';
import type { CourseEvent } from '@modules/learning/events';
import type { ProfileEvent, ProfileFields } from '@modules/profiles/events';
import type { RelationshipEvent } from '@modules/relationships/events';

import type { PersonalDataVault } from '../../src/platform/privacy/personal-data-vault';
import {
  applyRelationshipEvent,
  CIRCLES,
  circlesCollection,
  edgeOf,
  isRelationshipEvent,
  relationshipsCollection,
  removeMemberEdges,
} from '../relationships';
import { defineProjector, type EventsOf, type ProjectionContext, type Projector } from '../runner';
import { cityKeyOf, type ProfileDoc, PROFILES, profilesCollection } from './docs';

type Handled =
  | EventsOf<UserEvent, 'UserRegistered' | 'AccountDeleted'>
  | EventsOf<CourseEvent, 'CoursePublished' | 'CourseUnpublished'>
  | ProfileEvent
  | RelationshipEvent;

const profilesOf = (ctx: ProjectionContext) => ctx.collection<ProfileDoc>(PROFILES);

/**
 * Profiles and the relationships between members, in one projector: follower and following
 * counters change in the same batch as the edges they count, and a deleted member's edges and the
 * counters they fed are removed together.
 */
export function profilesProjector(vault: PersonalDataVault): Projector {
  return defineProjector<Handled>({
    name: 'profiles',
    // 2: circles (each member's lists in one document) beside the edges. 3: cityKey, and the
    // indexes by followers (suggestions). 4: teaching, teacher (active teachers suggested).
    version: 4,
    collections: [profilesCollection, relationshipsCollection, circlesCollection],
    // One getMany per collection per batch instead of a read per follow (replays, follow storms).
    prefetch(events) {
      const profiles: string[] = [];
      const edges: string[] = [];
      const circles: string[] = [];
      for (const event of events) {
        if (event.type === 'ProfileUpdated') profiles.push(event.data.userId);
        if (event.type === 'CoursePublished' || event.type === 'CourseUnpublished') profiles.push(event.data.teacherId);
        const edge = isRelationshipEvent(event) ? edgeOf(event) : null;
        if (edge) {
          profiles.push(edge.fromId, edge.toId);
          edges.push(edge.id);
          circles.push(edge.fromId, edge.toId);
        }
      }
      return { [PROFILES]: profiles, [relationshipsCollection.name]: edges, [CIRCLES]: circles };
    },
    on: {
      async UserRegistered({ data }, ctx) {
        const pd = await vault.open<PersonalData>(data.userId, data.sealed);
        // A shredded key means the account was deleted later in the log: nothing to show.
        if (!pd) return;
        await profilesOf(ctx).upsert({
          id: data.userId,
          username: data.username,
          usernameLower: data.username.toLowerCase(),
          displayName: pd.displayName,
          avatarUrl: null,
          bannerUrl: null,
          bio: null,
          location: null,
          website: null,
          createdAt: data.registeredAt,
          verified: false,
          followers: 0,
          following: 0,
          cityKey: null,
        });
      },
      async ProfileUpdated({ data }, ctx) {
        const changes = await vault.open<Partial<ProfileFields>>(data.userId, data.sealed);
        if (!changes) return;
        const city = changes.location === undefined ? {} : { cityKey: cityKeyOf(changes.location) };
        await profilesOf(ctx).update(data.userId, { set: { ...changes, ...city } });
      },
      async CoursePublished({ data }, ctx) {
        await countTeaching(ctx, data.teacherId, +1);
      },
      async CourseUnpublished({ data }, ctx) {
        await countTeaching(ctx, data.teacherId, -1);
      },
      async AccountDeleted(e, ctx) {
        const userId = e.streamId.slice('user-'.length);
        await removeMemberEdges(ctx, userId);
        await profilesOf(ctx).delete(userId);
      },
      UserFollowed: applyRelationshipEvent,
      UserUnfollowed: applyRelationshipEvent,
      UserBlocked: applyRelationshipEvent,
      UserUnblocked: applyRelationshipEvent,
      UserMuted: applyRelationshipEvent,
      UserUnmuted: applyRelationshipEvent,
    },
  });
}

/** A course into or out of the catalogue: its teacher's count of published courses. */
async function countTeaching(ctx: ProjectionContext, teacherId: string, by: 1 | -1): Promise<void> {
  const profile = await profilesOf(ctx).get(teacherId);
  if (!profile) return;
  const teaching = Math.max(0, (profile.teaching ?? 0) + by);
  await profilesOf(ctx).update(teacherId, { set: { teaching, teacher: teaching > 0 } });
}
