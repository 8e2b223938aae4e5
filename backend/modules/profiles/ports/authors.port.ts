/** How an author appears on a post, a comment or a list item. */
export interface Author {
  id: string;
  name: string;
  displayName: string;
  username: string;
  avatarUrl: string | null;
  profileImage: string | null;
  bio: string | null;
  isVerified: boolean;
}

/**
 * Batched author lookup (one read per page, never one per post). Implemented by the profiles module
 * over its read model, so a profile edit shows on every post at once.
 */
export abstract class AuthorsQuery {
  abstract byIds(ids: readonly string[]): Promise<Map<string, Author>>;
}
