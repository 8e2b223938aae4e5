import type { UserSearchResult } from '@contract';
import { AuthorsQuery } from '@modules/profiles';
import { RelationshipsQuery } from '@modules/relationships';
import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '@platform/read-models';
import { READ_MODELS } from '@platform/tokens';
import { activeMembers } from '@projections/identity';

/**
 * Members as search shows them, in the order asked: nobody blocked either way, nobody gone or
 * suspended now (but to the app's moderators and admins, `staff`, who look for them to lift it),
 * each with the viewer's follow state for its Follow button (batched reads, never one per member).
 */
@Injectable()
export class MemberResults {
  constructor(
    private readonly authors: AuthorsQuery,
    private readonly relationships: RelationshipsQuery,
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
  ) {}

  async of(viewerId: string | null, userIds: readonly string[], staff = false): Promise<UserSearchResult[]> {
    if (userIds.length === 0) return [];
    const [authors, active, blocked] = await Promise.all([
      this.authors.byIds(userIds),
      staff ? Promise.resolve(new Set(userIds)) : activeMembers(this.readModels, userIds),
      viewerId ? this.relationships.blockedWith(viewerId) : Promise.resolve(new Set<string>()),
    ]);
    const shown = userIds.filter((id) => !blocked.has(id) && authors.has(id) && active.has(id));
    const follows = viewerId ? await this.relationships.followStates(viewerId, shown) : new Map();
    return shown.map((id) => {
      const a = authors.get(id)!;
      const state = follows.get(id);
      return {
        type: 'user',
        id: a.id,
        name: a.name,
        username: a.username,
        bio: a.bio,
        avatar: a.profileImage,
        isFollowing: state?.isFollowing ?? false,
        isFollowingBack: state?.isFollowingBack ?? false,
      };
    });
  }
}
