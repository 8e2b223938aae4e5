import type { PersonalData, UserEvent } from '@modules/identity/events';
import type { ProfileEvent, ProfileFields } from '@modules/profiles/events';
import { RELATIONSHIP_EVENT_TYPES, type RelationshipEvent } from '@modules/relationships/events';

import type { RecordedEvent } from '../../src/platform/event-store/event-store.port';
import type { PersonalDataVault } from '../../src/platform/privacy/personal-data-vault';
import { applyRelationshipEvent, edgeOf, relationshipsCollection, removeMemberEdges } from '../relationships';
import type { ProjectionContext, Projector } from '../runner';
import { type ProfileDoc, PROFILES, profilesCollection } from './docs';

/**
 * Profiles and the relationships between members, in one projector: follower and following
 * counters change in the same batch as the edges they count, and a deleted member's edges and the
 * counters they fed are removed together.
 */
export function profilesProjector(vault: PersonalDataVault): Projector {
  return {
    name: 'profiles',
    version: 1,
    handles: ['UserRegistered', 'AccountDeleted', 'ProfileUpdated', ...RELATIONSHIP_EVENT_TYPES],
    collections: [profilesCollection, relationshipsCollection],
    // One getMany per collection per batch instead of a read per follow (replays, follow storms).
    prefetch(events: RecordedEvent[]) {
      const profiles: string[] = [];
      const edges: string[] = [];
      for (const event of events) {
        if (event.type === 'ProfileUpdated') profiles.push((event.data as ProfileEvent['data']).userId);
        const edge = edgeOf({ type: event.type, data: event.data } as RelationshipEvent);
        if (edge) {
          profiles.push(edge.fromId, edge.toId);
          edges.push(edge.id);
        }
      }
      return { [PROFILES]: profiles, [relationshipsCollection.name]: edges };
    },
    async handle(event: RecordedEvent, ctx: ProjectionContext) {
      const e = { type: event.type, data: event.data } as UserEvent | ProfileEvent | RelationshipEvent;
      const profiles = ctx.collection<ProfileDoc>(PROFILES);
      switch (e.type) {
        case 'UserRegistered': {
          const pd = await vault.open<PersonalData>(e.data.userId, e.data.sealed);
          // A shredded key means the account was deleted later in the log: nothing to show.
          if (!pd) return;
          await profiles.upsert({
            id: e.data.userId,
            username: e.data.username,
            usernameLower: e.data.username.toLowerCase(),
            displayName: pd.displayName,
            avatarUrl: null,
            bannerUrl: null,
            bio: null,
            location: null,
            website: null,
            createdAt: e.data.registeredAt,
            verified: false,
            followers: 0,
            following: 0,
          });
          return;
        }
        case 'ProfileUpdated': {
          const changes = await vault.open<Partial<ProfileFields>>(e.data.userId, e.data.sealed);
          if (!changes) return;
          await profiles.update(e.data.userId, { set: changes });
          return;
        }
        case 'AccountDeleted': {
          const userId = event.streamId.slice('user-'.length);
          await removeMemberEdges(ctx, userId);
          await profiles.delete(userId);
          return;
        }
        case 'UserFollowed':
        case 'UserUnfollowed':
        case 'UserBlocked':
        case 'UserUnblocked':
        case 'UserMuted':
        case 'UserUnmuted':
          return applyRelationshipEvent(e, ctx);
        default:
          return;
      }
    },
  };
}
