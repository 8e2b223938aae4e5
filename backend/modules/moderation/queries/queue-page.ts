import type { ReportReporter } from '@contract';
import { DomainError } from '@platform/decider';
import type { ReadModels } from '@platform/read-models';
import { type UserDoc, USERS } from '@projections/identity';

import { MODERATION_MESSAGES as M } from '../limits';

/** A page of a moderators' queue (reports, appeals): a cursor from another list or forged is a 400. */
export async function queuePage<T>(find: () => Promise<T>): Promise<T> {
  try {
    return await find();
  } catch (err) {
    if (err instanceof Error && err.name === 'InvalidCursorError')
      throw new DomainError('VALIDATION_FAILED', M.badCursor, 400);
    throw err;
  }
}

/** The members a queue's cards name (reporters, appellants), by id, read once for the page. */
export async function namedMembers(
  readModels: ReadModels,
  ids: Iterable<string>,
): Promise<Map<string, ReportReporter>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const users = await readModels.collection<UserDoc>(USERS).getMany(unique);
  return new Map(users.map((u) => [u.id, { id: u.id, username: u.username, name: u.displayName }]));
}
