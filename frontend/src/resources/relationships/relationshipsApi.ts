import { api } from '@/app/api';
import type { TranslationKey } from '@/i18n';
import { i18n } from '@/i18n';
import { type ApiState, patchMember, type RelationshipAnswer, undoAll } from '@/resources/profiles';
import { authApi } from '@/resources/session';
import { toastShown } from '@/ui/toast';

import { shiftCount } from './followState';

/** The member acted on; the username is only for messages. */
export interface MemberRef {
  userId: string;
  username: string;
}

export function myUsername(state: ApiState): string | null {
  return authApi.endpoints.getMe.select()(state).data?.username?.toLowerCase() ?? null;
}

type Action = 'follow' | 'unfollow' | 'block' | 'unblock' | 'mute' | 'unmute';

const PATHS: Record<Action, { path: 'follow' | 'block' | 'mute'; method: 'POST' | 'DELETE' }> = {
  follow: { path: 'follow', method: 'POST' },
  unfollow: { path: 'follow', method: 'DELETE' },
  block: { path: 'block', method: 'POST' },
  unblock: { path: 'block', method: 'DELETE' },
  mute: { path: 'mute', method: 'POST' },
  unmute: { path: 'mute', method: 'DELETE' },
};

type ListAction = 'block' | 'unblock' | 'mute' | 'unmute';

const TOASTS: Record<ListAction, { done: TranslationKey; failed: TranslationKey }> = {
  block: { done: 'profile.toast.blocked', failed: 'profile.toast.blockFailed' },
  unblock: { done: 'profile.toast.unblocked', failed: 'profile.toast.unblockFailed' },
  mute: { done: 'profile.toast.muted', failed: 'profile.toast.muteFailed' },
  unmute: { done: 'profile.toast.unmuted', failed: 'profile.toast.unmuteFailed' },
};

const call =
  (action: Action) =>
  ({ userId }: MemberRef) => ({
    url: `/api/users/${encodeURIComponent(userId)}/${PATHS[action].path}`,
    method: PATHS[action].method,
  });

export const relationshipsApi = api.injectEndpoints({
  endpoints: (build) => {
    /** Follow and unfollow flip the button and the follower count at once and roll back on failure. */
    const followToggle = (following: boolean) =>
      build.mutation<RelationshipAnswer, MemberRef>({
        query: call(following ? 'follow' : 'unfollow'),
        async onQueryStarted({ userId, username }, { dispatch, getState, queryFulfilled }) {
          const by = following ? 1 : -1;
          const patches = patchMember(dispatch, getState(), userId, {
            profile: (profile) => {
              if (!profile.relationship || profile.relationship.isFollowing === following) return;
              profile.relationship.isFollowing = following;
              profile.myFollowState = following ? 'following' : 'not_following';
              if (profile.counts) profile.counts.followers = shiftCount(profile.counts.followers, by);
            },
            listItem: (item) => {
              item.isFollowing = following;
            },
          });
          try {
            await queryFulfilled;
          } catch {
            undoAll(patches);
            dispatch(
              toastShown(
                i18n.t(following ? 'profile.toast.followFailed' : 'profile.toast.unfollowFailed', { username }),
                'error',
              ),
            );
            return;
          }
          // Recount from the server: the member's followers and my own following.
          const me = myUsername(getState());
          dispatch(
            api.util.invalidateTags([
              { type: 'Relationship', id: userId },
              ...(me ? [{ type: 'Profile' as const, id: me }] : []),
            ]),
          );
        },
      });

    /**
     * Block and mute change what the viewer is shown, so the lists refetch after them (used from the
     * profile and from a post's menu). A blocked member's posts leave every list, bookmarks and other
     * members' tabs included.
     */
    const listChanging = (action: ListAction) =>
      build.mutation<RelationshipAnswer, MemberRef>({
        query: call(action),
        async onQueryStarted({ username }, { dispatch, queryFulfilled }) {
          try {
            await queryFulfilled;
            dispatch(toastShown(i18n.t(TOASTS[action].done, { username }), 'success'));
          } catch {
            dispatch(toastShown(i18n.t(TOASTS[action].failed, { username }), 'error'));
          }
        },
        invalidatesTags: (result, _e, { userId, username }) =>
          result
            ? [
                { type: 'Relationship', id: userId },
                { type: 'Profile', id: username.toLowerCase() },
                action === 'block' ? 'ProfileTab' : { type: 'ProfileTab', id: username.toLowerCase() },
                'Feed',
                ...(action === 'block' ? (['Bookmark'] as const) : []),
              ]
            : [],
      });

    return {
      followMember: followToggle(true),
      unfollowMember: followToggle(false),
      blockMember: listChanging('block'),
      unblockMember: listChanging('unblock'),
      muteMember: listChanging('mute'),
      unmuteMember: listChanging('unmute'),
    };
  },
});

export const {
  useFollowMemberMutation,
  useUnfollowMemberMutation,
  useBlockMemberMutation,
  useUnblockMemberMutation,
  useMuteMemberMutation,
  useUnmuteMemberMutation,
} = relationshipsApi;
