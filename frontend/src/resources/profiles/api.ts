import { api } from '@/app/api';
import { authApi } from '@/resources/session';

import { patchMember } from './profileCache';
import type { Profile } from './types';

export type { Profile } from './types';

/** §9: the profile query is fresh for 60 s and retried once. */
export const PROFILE_STALE_SECONDS = 60;

/** The fields of the edit form; the files are sent only when picked. */
export interface ProfileUpdate {
  username: string;
  displayName: string;
  bio: string;
  location: string;
  website: string;
  profileImage?: File | null;
  banner?: File | null;
}

/** §7 POST /api/profile/update multipart: text fields, `profileImage` and `banner` files. */
export function profileUpdateForm(update: ProfileUpdate): FormData {
  const form = new FormData();
  // Blank text clears the field on the server, so every text field is always sent.
  form.append('displayName', update.displayName.trim());
  form.append('bio', update.bio.trim());
  form.append('location', update.location.trim());
  form.append('website', update.website.trim());
  if (update.profileImage) form.append('profileImage', update.profileImage);
  if (update.banner) form.append('banner', update.banner);
  return form;
}

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<Profile, string>({
      query: (username) => `/api/profile/${encodeURIComponent(username.toLowerCase())}`,
      transformResponse: (body: Profile | { profile: Profile }) => ('profile' in body ? body.profile : body),
      extraOptions: { maxRetries: 1 },
      providesTags: (result, _e, username) => [
        { type: 'Profile', id: username.toLowerCase() },
        ...(result ? [{ type: 'Relationship' as const, id: result.id }] : []),
      ],
    }),
    updateProfile: build.mutation<{ success: boolean; profile: Profile }, ProfileUpdate>({
      query: (update) => ({ url: '/api/profile/update', method: 'POST', body: profileUpdateForm(update) }),
      async onQueryStarted(update, { dispatch, getState, queryFulfilled }) {
        let profile: Profile;
        try {
          ({ profile } = (await queryFulfilled).data);
        } catch {
          return; // the modal shows the failure
        }
        patchMember(dispatch, getState(), profile.id, { profile: (draft) => void Object.assign(draft, profile) }, [
          { type: 'Profile', id: update.username.toLowerCase() },
        ]);
        // The header avatar and side menu read the session user.
        dispatch(
          authApi.util.updateQueryData('getMe', undefined, (me) => {
            if (!me || me.id !== profile.id) return;
            me.displayName = profile.displayName;
            me.avatarUrl = profile.avatarUrl ?? null;
            me.profileImage = profile.avatarUrl ?? null;
          }),
        );
      },
      // Posts carry the author's name and picture.
      invalidatesTags: (result, _e, update) =>
        result ? ['Feed', { type: 'ProfileTab', id: update.username.toLowerCase() }] : [],
    }),
  }),
});

export const { useGetProfileQuery, useUpdateProfileMutation } = profileApi;
