import type { FollowListItemView } from '@contract';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@platform/decider/decider';
import type { ReadModels } from '@platform/read-models';
import { READ_MODELS } from '@platform/tokens';
import { type ProfileDoc, PROFILES } from '@projections/profiles';
import {
  blockedEitherWaySet,
  type CircleDoc,
  CIRCLES,
  type EdgeDoc,
  edgeId,
  RELATIONSHIPS,
} from '@projections/relationships';

import { ProfileViewsQueries } from './profile-views.queries';

export type FollowList = 'followers' | 'following';

/** A follower list item (spec part 1 §3), with the viewer's own follow state for its button. */
export type FollowListItem = FollowListItemView;

/** Followers and following of a member, newest first, without members blocked either way. */
@Injectable()
export class FollowListsQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    private readonly views: ProfileViewsQueries,
  ) {}

  async list(username: string, list: FollowList, viewerId: string | null, limit: number, cursor: string | null) {
    const owner = await this.views.byUsername(username);
    const flags = await this.views.flags(viewerId, owner.id);
    if (flags.isBlocked || flags.hasBlockedMe) {
      throw new DomainError(
        'BLOCKED',
        flags.isBlocked ? 'You have blocked this user' : 'This user has blocked you',
        403,
      );
    }
    const hidden = await blockedEitherWaySet(this.readModels.collection<CircleDoc>(CIRCLES), viewerId);
    const [side, other] = list === 'followers' ? (['toId', 'fromId'] as const) : (['fromId', 'toId'] as const);
    const edges = this.readModels.collection<EdgeDoc>(RELATIONSHIPS);
    const ids: string[] = [];
    let after = cursor;
    // Filter before cutting the page: ask only for what is still missing, so every page boundary
    // is a store cursor and a short page really means the end.
    do {
      const page = await edges.find({
        where: { kind: 'follow', [side]: owner.id },
        sort: { field: 'createdAt', direction: 'desc' },
        after,
        limit: limit - ids.length,
      });
      for (const e of page.items) if (!hidden.has(e[other])) ids.push(e[other]);
      after = page.nextCursor;
    } while (after && ids.length < limit);
    return { users: await this.items(ids, viewerId), nextCursor: after };
  }

  private async items(ids: string[], viewerId: string | null): Promise<FollowListItem[]> {
    const profiles = await this.readModels.collection<ProfileDoc>(PROFILES).getMany(ids);
    const mine = viewerId
      ? new Set(
          (
            await this.readModels
              .collection<EdgeDoc>(RELATIONSHIPS)
              .getMany(ids.flatMap((id) => [edgeId('follow', viewerId, id), edgeId('follow', id, viewerId)]))
          ).map((e) => e.id),
        )
      : new Set<string>();
    return profiles.map((p) => ({
      id: p.id,
      displayName: p.displayName,
      username: p.username,
      avatarUrl: p.avatarUrl,
      bio: p.bio,
      verified: p.verified,
      isFollowing: !!viewerId && mine.has(edgeId('follow', viewerId, p.id)),
      isFollowingBack: !!viewerId && mine.has(edgeId('follow', p.id, viewerId)),
    }));
  }
}
