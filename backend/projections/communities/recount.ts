import type { CommunityDoc } from './docs';

interface Counts {
  members: Set<string>;
  requests: Set<string>;
  posts: Set<string>;
}

type Data = {
  communityId?: string;
  userId?: string;
  ownerId?: string;
  postId?: string;
  community?: { id: string };
};

/**
 * Each community's members, waiting requests and live posts recomputed from the log alone (not from
 * the projector's increments): what `npm run projections:verify` compares with the read model.
 */
export class CommunityRecount {
  readonly communities = new Map<string, Counts>();
  /** Post → its community, for the post events that do not name it. */
  private readonly postCommunity = new Map<string, string>();

  add(event: { type: string; streamId?: string; data: unknown }): void {
    const d = event.data as Data;
    const c = d.communityId ? this.communities.get(d.communityId) : undefined;
    switch (event.type) {
      case 'CommunityCreated':
        this.communities.set(d.communityId!, { members: new Set([d.ownerId!]), requests: new Set(), posts: new Set() });
        return;
      case 'CommunityJoined':
        c?.members.add(d.userId!);
        c?.requests.delete(d.userId!);
        return;
      case 'CommunityJoinRequested':
        c?.requests.add(d.userId!);
        return;
      case 'CommunityJoinRequestWithdrawn':
      case 'CommunityJoinRequestDeclined':
        c?.requests.delete(d.userId!);
        return;
      case 'CommunityLeft':
      case 'CommunityMemberBanned':
        c?.members.delete(d.userId!);
        c?.requests.delete(d.userId!);
        return;
      case 'CommunityPostRemoved':
        c?.posts.delete(d.postId!);
        return;
      // Gone from the read model with its members: nothing left to compare.
      case 'CommunityDeleted':
        this.communities.delete(d.communityId!);
        return;
      case 'PostCreated':
        if (!d.community) return;
        this.postCommunity.set(d.postId!, d.community.id);
        this.communities.get(d.community.id)?.posts.add(d.postId!);
        return;
      case 'PostDeleted':
      case 'PostHidden':
      case 'PostRestored': {
        const owner = this.communities.get(this.postCommunity.get(d.postId!) ?? '');
        if (event.type === 'PostRestored') owner?.posts.add(d.postId!);
        else owner?.posts.delete(d.postId!);
        return;
      }
      case 'AccountDeleted': {
        const userId = event.streamId?.slice('user-'.length) ?? '';
        for (const counts of this.communities.values()) {
          counts.members.delete(userId);
          counts.requests.delete(userId);
        }
        return;
      }
    }
  }

  /** One line per figure where the read model disagrees with the recount. */
  driftOf(doc: CommunityDoc | undefined, communityId: string): string[] {
    const want = this.communities.get(communityId)!;
    if (!doc) return [`community ${communityId}: missing from the communities read model`];
    const figures: [string, number, number][] = [
      ['memberCount', doc.memberCount, want.members.size],
      ['pendingRequests', doc.pendingRequests, want.requests.size],
      ['postCount', doc.postCount, want.posts.size],
    ];
    return figures
      .filter(([, have, log]) => have !== log)
      .map(([name, have, log]) => `community ${doc.slug}: ${name} is ${have}, the log says ${log}`);
  }
}
