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

/** A member in another list (suggestions, search results): anything with an id and the viewer's follow. */
type FollowableRow = { id: string; isFollowing: boolean };

const isFollowableRow = (value: unknown): value is FollowableRow =>
  isRecord(value) && typeof value.id === 'string' && typeof value.isFollowing === 'boolean';

/** The rows of a list that is not a follow list: `{ users: [...] }` (suggestions, people) or an array (search results). */
function followableRows(value: unknown): FollowableRow[] | null {
  const rows = Array.isArray(value) ? value : isRecord(value) && Array.isArray(value.users) ? value.users : null;
  return rows ? rows.filter(isFollowableRow) : null;
}

export interface MemberRecipes {
  /** Applied to the cached profile of the member. */
  profile?: (profile: Profile) => void;
  /**
   * Applied to the member's row in every cached followers/following list, and in every other cached
   * list of members tagged with them (suggestions, search results): there, only `isFollowing` is read.
   */
  listItem?: (item: Pick<FollowListItem, 'isFollowing'>) => void;
}

/**
 * Patches member `userId` wherever it is cached: the profile (tagged Profile/Relationship), the
 * rows of the follow lists and of the other lists of members (each tagged Relationship per row).
 * Returns the patches so a failure can undo them.
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
      // Names are only known at runtime; each entry is a profile or a list of members.
      api.util.updateQueryData(endpointName as never, originalArgs as never, (draft: unknown) => {
        if (isFollowListData(draft)) {
          for (const page of draft.pages)
            for (const item of page.users) if (item.id === userId) recipes.listItem?.(item);
        } else if (isRecord(draft) && draft.id === userId && typeof draft.username === 'string') {
          recipes.profile?.(draft as unknown as Profile);
        } else {
          for (const row of followableRows(draft) ?? []) if (row.id === userId) recipes.listItem?.(row);
        }
      }),
    ),
  );
}

export function undoAll(patches: Patch[]): void {
  for (const patch of patches) patch.undo();
}
