import { api } from '../../app/api';

/** §3 Profile, as `GET /api/profile/{username}` answers it. */
export interface Profile {
  id: string;
  username: string;
  displayName: string;
  avatarUrl?: string | null;
  bannerUrl?: string | null;
  bio?: string | null;
  location?: string | null;
  website?: string | null;
  createdAt?: string;
  verified?: boolean;
  counts?: { posts?: number; followers?: number; following?: number; likes?: number };
  isOwner?: boolean;
}

export const PROFILE_STALE_SECONDS = 60;

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<Profile, string>({
      query: (username) => `/api/profile/${encodeURIComponent(username.toLowerCase())}`,
      transformResponse: (body: Profile | { profile: Profile }) => ('profile' in body ? body.profile : body),
      extraOptions: { maxRetries: 1 },
      providesTags: (_r, _e, username) => [{ type: 'Profile', id: username.toLowerCase() }],
    }),
  }),
});

export const { useGetProfileQuery } = profileApi;
