import { api } from '@/app/api';
import type { AppDispatch } from '@/app/store';

import type { FollowListItem, FollowListPage, Profile } from './types';

export interface Patch {
  undo: () => void;
}

/** Any state holding the api slice (what RTK Query lifecycles hand out). */
export type ApiState = Parameters<typeof api.util.selectInvalidatedBy>[0];

type Tag = { type: 'Profile' | 'Relationship'; id: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFollowListData(value: unknown): value is { pages: FollowListPage[] } {
  return (
    isRecord(value) &&
    Array.isArray(value.pages) &&
    value.pages.every((page) => isRecord(page) && Array.isArray(page.users))
  );
}

export interface MemberRecipes {
  /** Applied to the cached profile of the member. */
  profile?: (profile: Profile) => void;
  /** Applied to the member's row in every cached followers/following list. */
  listItem?: (item: FollowListItem) => void;
}

/**
 * Patches member `userId` wherever it is cached: the profile (tagged Profile/Relationship) and the
 * rows of the follow lists (tagged Relationship per row). Returns the patches so a failure can undo them.
 */
export function patchMember(
  dispatch: AppDispatch,
  state: ApiState,
  userId: string,
  recipes: MemberRecipes,
  extraTags: Tag[] = [],
): Patch[] {
  const entries = api.util.selectInvalidatedBy(state, [{ type: 'Relationship', id: userId }, ...extraTags]);
  return entries.map(({ endpointName, originalArgs }) =>
    dispatch(
      // Names are only known at runtime; each entry is a profile or a follow list.
      api.util.updateQueryData(endpointName as never, originalArgs as never, (draft: unknown) => {
        if (isFollowListData(draft)) {
          for (const page of draft.pages)
            for (const item of page.users) if (item.id === userId) recipes.listItem?.(item);
        } else if (isRecord(draft) && draft.id === userId && typeof draft.username === 'string') {
          recipes.profile?.(draft as unknown as Profile);
        }
      }),
    ),
  );
}

export function undoAll(patches: Patch[]): void {
  for (const patch of patches) patch.undo();
}
