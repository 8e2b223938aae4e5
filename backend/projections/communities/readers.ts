import { isStaff } from '@modules/identity/events';
import type { ReadModels } from '@platform/read-models';

import { type UserDoc, USERS } from '../identity/docs';
import { COMMUNITY_MEMBERS, type CommunityMemberDoc, memberDocId } from './docs';

/**
 * Whether a viewer (null: signed out) reads a private community's posts and their files: its
 * members while they are in it, and the app's moderators and admins. The one rule for posts
 * (social's CommunityGate) and for the files they show (media serving).
 */
export async function readsCommunity(
  readModels: ReadModels,
  communityId: string,
  viewerId: string | null,
): Promise<boolean> {
  if (!viewerId) return false;
  const [member, user] = await Promise.all([
    readModels.collection<CommunityMemberDoc>(COMMUNITY_MEMBERS).get(memberDocId(communityId, viewerId)),
    readModels.collection<UserDoc>(USERS).get(viewerId),
  ]);
  return member?.status === 'member' || (!!user && isStaff(user.role));
}
