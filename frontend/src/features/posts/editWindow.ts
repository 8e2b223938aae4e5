/** §4/§9: the owner may edit a post for 5 minutes after creating it. */
export const EDIT_WINDOW_MS = 5 * 60_000;
/** §5: edited text, after trimming, is 1 to 500 characters. */
export const EDIT_MAX = 500;

/** Whole minutes left to edit (rounded up, so '1m to edit' shows until the very end), or 0 when closed. */
export function editMinutesLeft(createdAt: string, now: number): number {
  const created = Date.parse(createdAt);
  if (Number.isNaN(created)) return 0;
  const left = created + EDIT_WINDOW_MS - now;
  return left > 0 ? Math.ceil(left / 60_000) : 0;
}

export type EditProblem = 'empty' | 'tooLong' | null;

export function validateEdit(content: string): EditProblem {
  const trimmed = content.trim();
  if (trimmed === '') return 'empty';
  if (Array.from(trimmed).length > EDIT_MAX) return 'tooLong';
  return null;
}
