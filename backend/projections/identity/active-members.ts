import type { ReadModels } from '@platform/read-models';

import { suspendedNow, type UserDoc, USERS } from './docs';

/**
 * Of these members, those whose account exists and is not suspended now, in one read: the members a
 * list may offer to follow or find (a suspension lapses by itself, so it is read at query time).
 */
export async function activeMembers(readModels: ReadModels, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const users = await readModels.collection<UserDoc>(USERS).getMany([...new Set(ids)]);
  return new Set(users.filter((u) => !suspendedNow(u)).map((u) => u.id));
}
