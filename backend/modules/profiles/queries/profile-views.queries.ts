import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@platform/decider/decider';
import type { ReadModels } from '@platform/read-models';
import { READ_MODELS } from '@platform/tokens';
import { type ProfileDoc, PROFILES } from '@projections/profiles';
import { type EdgeDoc, edgeId, RELATIONSHIPS } from '@projections/relationships';

import { PostCounts } from '../ports/post-counts.port';

export interface PairFlags {
  isFollowing: boolean;
  isFollowingBack: boolean;
  isBlocked: boolean;
  hasBlockedMe: boolean;
  isMuted: boolean;
}

export const NO_RELATIONSHIP: PairFlags = {
  isFollowing: false,
  isFollowingBack: false,
  isBlocked: false,
  hasBlockedMe: false,
  isMuted: false,
};

/** The profile screen's answer (spec part 1 §3 Profile). */
@Injectable()
export class ProfileViewsQueries {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    private readonly postCounts: PostCounts,
  ) {}

  private get profiles() {
    return this.readModels.collection<ProfileDoc>(PROFILES);
  }

  /** Case-insensitive; 404 USER_NOT_FOUND when no live member has the name. */
  async byUsername(username: string): Promise<ProfileDoc> {
    const lower = username.trim().toLowerCase();
    const found =
      lower.length > 0 && lower.length <= 100
        ? await this.profiles.find({ where: { usernameLower: lower }, limit: 1 })
        : null;
    const doc = found?.items[0];
    if (!doc) throw new DomainError('USER_NOT_FOUND', 'User not found', 404);
    return doc;
  }

  async byId(userId: string): Promise<ProfileDoc | null> {
    return this.profiles.get(userId);
  }

  /** Whether a live profile shows this picture now (replaced pictures and deleted members' are not). */
  async pictureInUse(url: string): Promise<boolean> {
    const [asAvatar, asBanner] = await Promise.all([
      this.profiles.count({ avatarUrl: url }),
      this.profiles.count({ bannerUrl: url }),
    ]);
    return asAvatar + asBanner > 0;
  }

  /** How the pair looks from the viewer's side, in one read. */
  async flags(viewerId: string | null, otherId: string): Promise<PairFlags> {
    if (!viewerId || viewerId === otherId) return NO_RELATIONSHIP;
    const ids = {
      isFollowing: edgeId('follow', viewerId, otherId),
      isFollowingBack: edgeId('follow', otherId, viewerId),
      isBlocked: edgeId('block', viewerId, otherId),
      hasBlockedMe: edgeId('block', otherId, viewerId),
      isMuted: edgeId('mute', viewerId, otherId),
    };
    const found = new Set(
      (await this.readModels.collection<EdgeDoc>(RELATIONSHIPS).getMany(Object.values(ids))).map((e) => e.id),
    );
    return {
      isFollowing: found.has(ids.isFollowing),
      isFollowingBack: found.has(ids.isFollowingBack),
      isBlocked: found.has(ids.isBlocked),
      hasBlockedMe: found.has(ids.hasBlockedMe),
      isMuted: found.has(ids.isMuted),
    };
  }

  /** `viewerId`: who reads them (the member's own count takes in their hidden posts, as their profile lists them). */
  async counts(doc: ProfileDoc, viewerId: string | null = null) {
    const { posts, likes } = await this.postCounts.countsFor(doc.id, viewerId === doc.id);
    return { posts, followers: Math.max(0, doc.followers), following: Math.max(0, doc.following), likes };
  }

  async view(username: string, viewerId: string | null) {
    const doc = await this.byUsername(username);
    const relationship = await this.flags(viewerId, doc.id);
    const base = {
      id: doc.id,
      username: doc.username,
      displayName: doc.displayName,
      name: doc.displayName,
      createdAt: doc.createdAt,
      verified: doc.verified,
      isVerified: doc.verified,
      isOwner: viewerId === doc.id,
      myFollowState: relationship.isFollowing ? ('following' as const) : ('not_following' as const),
      relationship,
    };
    if (relationship.isBlocked || relationship.hasBlockedMe) {
      // Blocked either way: nothing of the member's content, only enough to say why.
      return {
        ...base,
        avatarUrl: null,
        profileImage: null,
        bannerUrl: null,
        bio: null,
        location: null,
        website: null,
        counts: { posts: 0, followers: 0, following: 0, likes: 0 },
        isReduced: true,
        blockedMessage: relationship.isBlocked ? 'You have blocked this user' : 'This user has blocked you',
      };
    }
    return {
      ...base,
      avatarUrl: doc.avatarUrl,
      profileImage: doc.avatarUrl,
      bannerUrl: doc.bannerUrl,
      bio: doc.bio,
      location: doc.location,
      website: doc.website,
      counts: await this.counts(doc, viewerId),
      isReduced: false,
      blockedMessage: null,
    };
  }
}
