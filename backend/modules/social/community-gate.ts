import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@platform/decider/decider';
import type { ReadModels } from '@platform/read-models';
import { READ_MODELS } from '@platform/tokens';
import {
  COMMUNITIES,
  COMMUNITY_MEMBERS,
  type CommunityDoc,
  type CommunityMemberDoc,
  memberDocId,
  readsCommunity,
} from '@projections/communities';

import { MESSAGES } from './limits';

/** Where a post was posted, as the post's stream and document keep it. */
export interface PostedIn {
  id: string;
  private: boolean;
}

/** What of a post's read-model document says where it was posted. */
type PostedInDoc = { communityId?: string; status: string; privateCommunity?: true };

/** A private community's post: `members`, or an unverified author's `limited` one posted there. */
export const inPrivateCommunity = (doc: PostedInDoc) => doc.status === 'members' || doc.privateCommunity === true;

const postNotFound = () => new DomainError('POST_NOT_FOUND', MESSAGES.postNotFound, 404);

/**
 * Who may read and write posts of a community (issue 41): a private community's posts are for its
 * members (and the app's moderators); to anyone else they do not exist (404, as a hidden post).
 */
@Injectable()
export class CommunityGate {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModels) {}

  canRead(communityId: string, viewerId: string | null): Promise<boolean> {
    return readsCommunity(this.readModels, communityId, viewerId);
  }

  /**
   * For lists: whether the viewer may read each post document (a private community's post, status
   * 'members' or an unverified author's 'limited' one, only when they are in it), each community
   * asked about once per list.
   */
  readableBy(viewerId: string | null): (doc: PostedInDoc) => Promise<boolean> {
    const asked = new Map<string, Promise<boolean>>();
    return (doc) => {
      if (!inPrivateCommunity(doc)) return Promise.resolve(doc.status !== 'members');
      if (!doc.communityId) return Promise.resolve(false);
      let answer = asked.get(doc.communityId);
      if (!answer) asked.set(doc.communityId, (answer = this.canRead(doc.communityId, viewerId)));
      return answer;
    };
  }

  /** 404 for a post of a private community the viewer is not in. */
  async assertReadable(community: PostedIn | null | undefined, viewerId: string | null): Promise<void> {
    if (community?.private && !(await this.canRead(community.id, viewerId))) throw postNotFound();
  }

  /** The same for a post's read-model document. */
  async assertDocReadable(doc: PostedInDoc, viewerId: string | null): Promise<void> {
    if (inPrivateCommunity(doc) && !(doc.communityId && (await this.canRead(doc.communityId, viewerId))))
      throw postNotFound();
  }

  /**
   * Who may comment on a community's post: whoever may read it (anyone for a public community, its
   * members for a private one), except a member its moderators muted or banned there: a ban keeps
   * the member out of the conversation, not only out of the list of members.
   */
  async assertMayComment(community: PostedIn | null | undefined, userId: string): Promise<void> {
    if (!community) return;
    await this.assertReadable(community, userId);
    const member = await this.readModels
      .collection<CommunityMemberDoc>(COMMUNITY_MEMBERS)
      .get(memberDocId(community.id, userId));
    if (member?.status === 'banned')
      throw new DomainError('COMMUNITY_BANNED', 'You are banned from this community', 403);
    if (member?.status === 'member' && member.muted)
      throw new DomainError('COMMUNITY_MUTED', 'You are muted in this community', 403);
  }

  /** The community a member posts in: they must be in it and not muted there. */
  async postingIn(communityId: string, userId: string): Promise<PostedIn> {
    const [community, member] = await Promise.all([
      this.readModels.collection<CommunityDoc>(COMMUNITIES).get(communityId),
      this.readModels.collection<CommunityMemberDoc>(COMMUNITY_MEMBERS).get(memberDocId(communityId, userId)),
    ]);
    if (!community) throw new DomainError('COMMUNITY_NOT_FOUND', 'Community not found', 404);
    if (member?.status !== 'member')
      throw new DomainError('NOT_COMMUNITY_MEMBER', 'You are not a member of this community', 403);
    if (member.muted) throw new DomainError('COMMUNITY_MUTED', 'You are muted in this community', 403);
    return { id: community.id, private: community.privacy === 'private' };
  }
}
